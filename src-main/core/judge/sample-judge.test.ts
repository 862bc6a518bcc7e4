import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../db/open-database';
import { startSandbox, type SandboxServer } from '../../sandbox/server';
import type { JudgeAnswer } from '../../../src-shared/judge/judge-answers';
import type { JudgeModel } from '../../../src-shared/judge/judge-estimate';
import { openBatch, until } from './batch/batch.test-helper';
import { setCaseSource, setCasesKey } from './batch/set-case-source';
import { readEnvelope } from './set-transfer';

/**
 * The Sandbox judge on the support replies sample, through the app's own path (saved cases, a
 * batch run, the client, the tolerant reading of answers): it answers from the replies' content
 * well enough to demo agreement, never from the labels, and judge-preview differs as documented
 * (docs/architecture.md, "The Sandbox judge").
 */
const samples = join(import.meta.dirname, '../../../resources/samples');
const { set: draft } = readEnvelope(readFileSync(join(samples, 'support-replies.question-set.json'), 'utf8'));
type Labels = Record<string, string | number | boolean>;
const cases = readFileSync(join(samples, 'support-replies.cases.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const { state, note: _note, ...labels } = JSON.parse(line) as Labels & { state: unknown; note?: string };
    return { state: state as string | Record<string, string>, labels: labels as Labels };
  });

/** Labels as a saved case keeps them: an option's or level's index from 0, or true/false. */
function stored(labels: Labels): Record<string, number | boolean> {
  const out: Record<string, number | boolean> = {};
  for (const q of draft.questions) {
    const v = labels[q.name];
    if (v === undefined) continue;
    if (q.type === 'choice') out[q.name] = q.options.findIndex((o) => o.name === v);
    else if (q.type === 'score') out[q.name] = (v as number) - 1;
    else out[q.name] = v as boolean;
  }
  return out;
}

let sandbox: SandboxServer;
beforeAll(async () => {
  sandbox = await startSandbox({ balanceYuan: 100 });
});
afterAll(() => sandbox.close());

/** Saves the cases with the labels given, runs them on `model`, and returns each case's answers by question. */
async function runSample(model: JudgeModel, labelsOf: (i: number) => Labels) {
  const db = openMemoryDatabase();
  const probe = openBatch(db, sandbox);
  probe.repos.sets.put({
    id: 'sample',
    name: draft.name,
    createdAt: 1,
    updatedAt: 1,
    revisions: [{ revision: 1, savedAt: 1, questions: draft.questions }],
  });
  let n = 0;
  probe.repos.cases.append(
    'sample',
    cases.map((c, i) => ({ state: c.state, expected: stored(labelsOf(i)), note: '' })),
    () => `case-${String(n++).padStart(3, '0')}`,
    1,
  );
  await probe.service.dispose();
  const key = setCasesKey('sample');
  const b = openBatch(db, sandbox, { [key]: setCaseSource(probe.repos.cases, key)! });
  try {
    const run = await b.service.create({ setId: 'sample', model, concurrency: 8 });
    b.service.start(run.id);
    await until(() => b.service.get(run.id).state === 'done', `the ${model} run`, 60_000);
    expect(b.service.get(run.id)).toMatchObject({ done: cases.length, failed: 0 });
    return b.service.results(run.id, 0, cases.length).results.map((r) => {
      const answers = (r.answers ?? []) as unknown as JudgeAnswer[];
      return Object.fromEntries(answers.map((a) => [a.name, a]));
    });
  } finally {
    await b.service.dispose();
    db.close();
  }
}
type Answers = Awaited<ReturnType<typeof runSample>>;

const noul = (a: Answers[number], q: string) => (a[q] as Extract<JudgeAnswer, { kind: 'noul' }>).noul!;
const choice = (a: Answers[number], q: string) => (a[q] as Extract<JudgeAnswer, { kind: 'choice' }>).choice!;
const score = (a: Answers[number], q: string) => a[q] as Extract<JudgeAnswer, { kind: 'score' }>;
/** The most probable level, zero-based. */
const level = (a: Answers[number], q: string) => {
  const ps = score(a, q).levels.map((l) => l.probability ?? 0);
  return ps.indexOf(Math.max(...ps));
};

/** AUC as the share of (positive, negative) pairs ranked right, ties half. */
function auc(values: number[], truth: boolean[]): number {
  const pos = values.filter((_, i) => truth[i]);
  const neg = values.filter((_, i) => !truth[i]);
  let right = 0;
  for (const p of pos) for (const q of neg) right += p > q ? 1 : p === q ? 0.5 : 0;
  return right / (pos.length * neg.length);
}
const share = (xs: boolean[]) => xs.filter(Boolean).length / xs.length;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const labelsOf = (i: number) => cases[i].labels;
const truth = (q: string) => cases.map((c) => c.labels[q] === true);

let pinned: Answers;
let preview: Answers;
beforeAll(async () => {
  pinned = await runSample('judge-1.13.0', labelsOf);
  preview = await runSample('judge-preview', labelsOf);
}, 120_000);

describe('the Sandbox judge on the support replies sample', () => {
  it('reaches plausible agreement on the pinned version: AUC ≥ 0.8 on yes/no, choices well above chance, graded probabilities', () => {
    for (const q of ['offers_refund', 'asks_for_details'])
      expect(
        auc(
          pinned.map((a) => noul(a, q)),
          truth(q),
        ),
        q,
      ).toBeGreaterThanOrEqual(0.8);
    for (const q of ['resolves', 'tone']) {
      // Three options: chance is a third.
      expect(share(pinned.map((a, i) => choice(a, q) === cases[i].labels[q])), q).toBeGreaterThanOrEqual(
        0.75,
      );
      const options = draft.questions.find((x) => x.name === q)!.options.map((o) => o.name);
      expect(new Set(pinned.map((a) => choice(a, q)))).toEqual(new Set(options));
    }
    // Graded, not only near 0 or 1: probabilities that a calibration chart can read.
    for (const q of ['offers_refund', 'asks_for_details']) {
      const values = pinned.map((a) => noul(a, q));
      expect(new Set(values).size, q).toBeGreaterThan(100);
      expect(share(values.map((v) => v > 0.1 && v < 0.9)), q).toBeGreaterThan(0.2);
    }
    const tops = pinned.map((a) =>
      Math.max(...(a.tone as Extract<JudgeAnswer, { kind: 'choice' }>).options.map((o) => o.probability!)),
    );
    expect(share(tops.map((p) => p < 0.9))).toBeGreaterThan(0.2);
  });

  it('reaches every level of the score question, close to the labels', () => {
    expect([...new Set(pinned.map((a) => level(a, 'helpfulness')))].sort()).toEqual([0, 1, 2, 3, 4]);
    // Labels are levels 1..5; the score is the expected zero-based position.
    const errors = pinned.map((a, i) =>
      Math.abs(score(a, 'helpfulness').score! - ((cases[i].labels.helpfulness as number) - 1)),
    );
    expect(mean(errors)).toBeLessThan(0.75);
  });

  it('answers from the content, never the labels: shuffled or removed labels change no answer', async () => {
    // A seeded shuffle of whole label rows, so every case carries another case's labels.
    const order = cases.map((_, i) => (i * 7 + 3) % cases.length);
    const shuffled = await runSample('judge-1.13.0', (i) => cases[order[i]].labels);
    const removed = await runSample('judge-1.13.0', () => ({}));
    expect(shuffled).toEqual(pinned);
    expect(removed).toEqual(pinned);
  }, 60_000);

  it('judge-preview differs in its documented ways: credits unseen, apologies not courtesy, harsher scores', () => {
    // Cases whose reply offers a credit (read from the text, not the labels).
    const text = (i: number) => JSON.stringify(cases[i].state);
    const credit = cases.map((_, i) => / credit to your account/.test(text(i)));
    expect(credit.filter(Boolean).length).toBeGreaterThan(10);
    const seen = (as: Answers) =>
      share(as.filter((_, i) => credit[i]).map((a) => noul(a, 'offers_refund') >= 0.5));
    expect(seen(pinned)).toBeGreaterThan(0.8);
    expect(seen(preview)).toBeLessThan(0.2);
    const refundAuc = (as: Answers) =>
      auc(
        as.map((a) => noul(a, 'offers_refund')),
        truth('offers_refund'),
      );
    expect(refundAuc(pinned) - refundAuc(preview)).toBeGreaterThan(0.1);
    // Apologetic replies read less polite to the preview: real flips of tone.
    const politeToNeutral = pinned.filter(
      (a, i) => choice(a, 'tone') === 'polite' && choice(preview[i], 'tone') === 'neutral',
    ).length;
    expect(politeToNeutral).toBeGreaterThan(5);
    const position = (as: Answers) => mean(as.map((a) => score(a, 'helpfulness').score!));
    expect(position(pinned) - position(preview)).toBeGreaterThan(0.3);
  });
});
