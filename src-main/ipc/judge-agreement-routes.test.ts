import { afterAll, describe, expect, it } from 'vitest';
import type { BatchRunView } from '../../src-shared/judge/batch-run';
import type { StoredSet } from '../../src-shared/judge/question-set';
import type {
  ChoiceAgreement,
  NoulAgreement,
  RunAgreement,
  RunDrift,
  ScoreAgreement,
} from '../../src-shared/judge/run-agreement';
import { sampleQuestions } from '../core/judge/sample-questions.test-helper';
import { routerCalls, testServices } from './services.test-helper';

const t = testServices();
const { send, call } = routerCalls(t.services);
afterAll(() => t.close());

/**
 * Sample questions: tone (choice calm/angry), quality (score poor/fine/excellent), cats (noul
 * "The text is about cats"). The Sandbox scores by word overlap, so these states give known
 * answers: cats p ≈ 0.08 + 0.84 × (words of "the text is about cats" present) / 4.
 */
const CASES = [
  // cats ≈ 0.92, tone calm, quality excellent
  { text: 'the text is about cats; calm words; excellent', expected: { cats: true, tone: 0, quality: 2 } },
  // cats ≈ 0.71, tone angry, quality poor
  { text: 'text about cats; angry shouting; poor', expected: { cats: false, tone: 1, quality: 0 } },
  // cats ≈ 0.29, tone calm, quality fine
  { text: 'cats; calm words; fine', expected: { cats: true, tone: 0, quality: 1 } },
  // cats ≈ 0.08, tone angry (labelled calm), quality fine (labelled poor)
  { text: 'dogs; angry shouting; fine', expected: { cats: false, tone: 0, quality: 0 } },
  // No label for cats: counted, not used.
  { text: 'cats again; calm words; fine', expected: { tone: 0, quality: 1 } },
];

async function saveSet(name: string): Promise<StoredSet> {
  const set = await call<StoredSet>('judge.sets.save', { set: { name, questions: sampleQuestions } });
  for (const c of CASES)
    await call('judge.cases.add', {
      setId: set.id,
      state: { mode: 'text', text: c.text },
      expected: c.expected,
    });
  return set;
}

async function finishedRun(setId: string, model: string): Promise<BatchRunView> {
  const run = await call<BatchRunView>('judge.batch.create', { setId, model });
  await call('judge.batch.start', { id: run.id });
  const started = Date.now();
  for (;;) {
    const view = await call<BatchRunView>('judge.batch.get', { id: run.id });
    if (view.state === 'done') return view;
    if (Date.now() - started > 10_000) throw new Error(`run ${run.id} did not finish: ${view.state}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const byName = <Q extends { question: string }>(qs: Q[], name: string) =>
  qs.find((q) => q.question === name)!;

describe('judge.batch.agreement', () => {
  it('gives hand-checkable metrics per question for a small labelled run', async () => {
    const set = await saveSet('Agreement');
    const run = await finishedRun(set.id, 'judge-1.13.0');
    const ag = await call<RunAgreement>('judge.batch.agreement', { id: run.id });
    expect(ag.run).toMatchObject({ id: run.id, versions: { 'judge-1.13.0': 5 }, versionChanged: false });
    expect(ag).toMatchObject({ total: 5, answered: 5, latestRevision: 1 });

    const cats = byName(ag.questions, 'cats') as NoulAgreement;
    expect(cats.type).toBe('noul');
    expect(cats.coverage).toMatchObject({ total: 5, used: 4, unlabelled: 1 });
    // True at ≈0.92 and ≈0.29, false at ≈0.71 and ≈0.08: 3 of the 4 (true, false) pairs ordered.
    expect(cats.auc.auc).toBe(0.75);
    expect(cats.threshold).toBe(0.5);
    // At 0.5: 0.92 right, 0.71 wrong, 0.29 wrong, 0.08 right.
    expect(cats.atThreshold).toMatchObject({ tp: 1, fp: 1, tn: 1, fn: 1, accuracy: 0.5 });
    expect(cats.roc.points[0]).toEqual({ fpr: 0, tpr: 0 });
    expect(cats.roc.points.at(-1)).toMatchObject({ fpr: 1, tpr: 1 });
    expect(cats.pr.points).toHaveLength(4);
    expect(cats.sweep.points.map((p) => p.threshold)).toEqual(
      [...cats.sweep.points.map((p) => p.threshold)].sort((a, b) => a - b),
    );
    expect(cats.calibration.count).toBe(4);

    const tone = byName(ag.questions, 'tone') as ChoiceAgreement;
    expect(tone.coverage).toMatchObject({ total: 5, used: 5 });
    expect(tone.summary.accuracy).toBe(0.8);
    // Rows expected (calm, angry), columns chosen: the "dogs" case is labelled calm, judged angry.
    expect(tone.confusion).toEqual([
      [3, 1],
      [0, 1],
    ]);
    expect(tone.perOption[0]).toMatchObject({ support: 4, predicted: 3, precision: 1, recall: 0.75 });
    expect(tone.perOption[1]).toMatchObject({ support: 1, predicted: 2, precision: 0.5, recall: 1 });
    expect(tone.summary.logLoss).toBeGreaterThan(0);
    expect(tone.confidence.correct.count).toBe(4);
    expect(tone.confidence.incorrect.count).toBe(1);

    const quality = byName(ag.questions, 'quality') as ScoreAgreement;
    expect(quality.summary).toMatchObject({ count: 5, exact: 0.8, withinOne: 1, maeChosen: 0.2 });
    expect(quality.confusionChosen).toEqual([
      [1, 1, 0],
      [0, 2, 0],
      [0, 0, 1],
    ]);
    expect(quality.levels).toEqual(['poor', 'fine', 'excellent']);
  });

  it('reads noul at the threshold of the set’s latest revision, and sees a label edited', async () => {
    const set = await saveSet('Tuned');
    const run = await finishedRun(set.id, 'judge-1.13.0');
    await call('judge.batch.agreement', { id: run.id });
    await call('judge.sets.tune', {
      id: set.id,
      tuning: { thresholds: { cats: 0.8 }, minimums: { auc: 0.7 } },
    });
    const ag = await call<RunAgreement>('judge.batch.agreement', { id: run.id });
    expect(ag.latestRevision).toBe(2);
    expect(ag.run.setRevision).toBe(1);
    expect(ag.tuning).toEqual({ thresholds: { cats: 0.8 }, minimums: { auc: 0.7 } });
    const cats = byName(ag.questions, 'cats') as NoulAgreement;
    expect(cats.threshold).toBe(0.8);
    // At 0.8 only 0.92 is true: right; 0.71 now right; 0.29 still wrong; 0.08 right.
    expect(cats.atThreshold).toMatchObject({ tp: 1, fp: 0, tn: 2, fn: 1, accuracy: 0.75 });

    // Relabel the ≈0.71 case true: the cache must not answer with the old labels.
    const cases = await call<{ id: string; state: unknown }[]>('judge.cases.list', { setId: set.id });
    await call('judge.cases.edit', {
      id: cases[1].id,
      state: { mode: 'text', text: CASES[1].text },
      expected: { ...CASES[1].expected, cats: true },
    });
    const relabelled = byName(
      (await call<RunAgreement>('judge.batch.agreement', { id: run.id })).questions,
      'cats',
    ) as NoulAgreement;
    // True at 0.92, 0.71, 0.29; false at 0.08: every pair ordered.
    expect(relabelled.auc.auc).toBe(1);
  });

  it('refuses an unknown run and a malformed id, naming the field', async () => {
    const missing = await send('judge.batch.agreement', { id: 'nope' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.message).toMatch(/no longer exists/);
    const bad = await send('judge.batch.agreement', { id: 'a b' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/id: must be a saved batch run id/);
  });
});

describe('judge.batch.drift', () => {
  it('shows flips between judge-1.13.0 and judge-preview, with deltas equal to B − A', async () => {
    const set = await call<StoredSet>('judge.sets.save', {
      set: { name: 'Drift', questions: sampleQuestions },
    });
    // Near-ties: no option, level or statement word clearly wins, so preview's drift moves decisions.
    for (let i = 0; i < 24; i++)
      await call('judge.cases.add', {
        setId: set.id,
        state: { mode: 'text', text: `about cats number ${i}, nothing else ${i % 5}` },
        expected: { cats: i % 2 === 0, tone: i % 2, quality: i % 3 },
      });
    const a = await finishedRun(set.id, 'judge-1.13.0');
    const b = await finishedRun(set.id, 'judge-preview');
    const drift = await call<RunDrift>('judge.batch.drift', { a: a.id, b: b.id, limit: 5 });
    expect(drift.a.versions).toEqual({ 'judge-1.13.0': 24 });
    expect(drift.b.versions).toEqual({ 'judge-1.15.0-preview': 24 });
    expect(drift.b.versionChanged).toBe(false);
    expect(drift.flipsTotal).toBeGreaterThan(0);
    expect(drift.flipsTotal).toBe(drift.questions.reduce((s, q) => s + q.flips, 0));
    expect(drift.flipped.length).toBe(Math.min(5, drift.flipsTotal));
    for (const f of drift.flipped) {
      expect(f.a.decision).not.toEqual(f.b.decision);
      expect(f.stateExcerpt).toMatch(/^about cats number \d+/);
      expect(f.position).toBeGreaterThanOrEqual(0);
      expect(f.label).toBeDefined();
    }

    const agA = await call<RunAgreement>('judge.batch.agreement', { id: a.id });
    const agB = await call<RunAgreement>('judge.batch.agreement', { id: b.id });
    const tone = byName(drift.questions, 'tone');
    const toneA = byName(agA.questions, 'tone') as ChoiceAgreement;
    const toneB = byName(agB.questions, 'tone') as ChoiceAgreement;
    expect(tone.metrics.accuracy).toEqual({
      a: toneA.summary.accuracy,
      b: toneB.summary.accuracy,
      delta: toneB.summary.accuracy! - toneA.summary.accuracy!,
    });
    const cats = byName(drift.questions, 'cats');
    expect(cats.metrics.auc.a).toBe((byName(agA.questions, 'cats') as NoulAgreement).auc.auc);
    expect(cats.shares.map((s) => s.decision)).toEqual(['true', 'false']);
    expect(cats.shares[0].a + cats.shares[1].a).toBeCloseTo(1, 9);

    // The next page carries on where the first stopped.
    const next = await call<RunDrift>('judge.batch.drift', { a: a.id, b: b.id, offset: 5, limit: 100 });
    expect(next.flipped.length).toBe(Math.max(0, drift.flipsTotal - 5));
  });

  it('flags a run answered by more than one version', async () => {
    const set = await saveSet('Moved');
    const a = await finishedRun(set.id, 'judge-1.13.0');
    const b = await finishedRun(set.id, 'judge-latest');
    // An alias that moved mid-run leaves two versions in the run's record (the Sandbox never moves).
    const stored = t.services.judgeBatch['deps'].batches.getRun(b.id)!;
    t.services.judgeBatch['deps'].batches.putRun({
      ...stored,
      updatedAt: stored.updatedAt + 1,
      versions: { 'judge-1.14.0': 3, 'judge-1.15.0': 2 },
    });
    const drift = await call<RunDrift>('judge.batch.drift', { a: a.id, b: b.id });
    expect(drift.a.versionChanged).toBe(false);
    expect(drift.b.versionChanged).toBe(true);
  });

  it('refuses two runs of different sets, and a run compared with itself', async () => {
    const one = await saveSet('One');
    const two = await saveSet('Two');
    const a = await finishedRun(one.id, 'judge-1.13.0');
    const b = await finishedRun(two.id, 'judge-1.13.0');
    const r = await send('judge.batch.drift', { a: a.id, b: b.id });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/b: must be a run of the same question set as a/);
    const same = await send('judge.batch.drift', { a: a.id, b: a.id });
    expect(same.ok).toBe(false);
    if (!same.ok) expect(same.error.message).toMatch(/must be another run than a/);
  });
});
