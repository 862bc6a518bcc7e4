import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../src-shared/result';
import { latestRevision } from '../../../src-shared/judge/question-set';
import type { ProfileService } from '../profiles/profile-service';
import { openMemoryDatabase } from '../db/open-database';
import { createRepositories } from '../db/repositories';
import { GatewayClient } from '../gateway/gateway-client';
import { RequestLog } from '../gateway/request-log';
import { StorageNotices } from '../storage/storage-notices';
import { createJudgeService } from './create-judge-service';
import type { JudgeService } from './judge-service';
import { sampleQuestions } from './sample-questions.test-helper';
import { readEnvelope } from './set-transfer';

const draft = { name: 'Reviews', questions: sampleQuestions };
const tuning = { thresholds: { cats: 0.7 }, minimums: { accuracy: 0.8, auc: 0.75 } };
let saved: string[];
let judge: JudgeService;

beforeEach(() => {
  saved = [];
  judge = createJudgeService({
    repos: createRepositories({ db: openMemoryDatabase(), notices: new StorageNotices() }),
    client: new GatewayClient({ fetch, log: new RequestLog() }),
    profiles: {} as ProfileService,
    desktop: {
      saveTextAs: async (text, name) => {
        saved.push(text);
        return `/exports/${name}`;
      },
      saveFileAs: async () => null,
      notify: () => undefined,
    },
  });
});

function refusal(text: string): string {
  try {
    judge.importSet(text, 'ask');
  } catch (err) {
    return (err as AppFailure).error.message;
  }
  throw new Error('expected a refusal');
}

const v2 = (t: unknown) =>
  JSON.stringify({ schema: 'gatehouse.question-set', version: 2, set: draft, tuning: t });

describe('a question set file carries its tuning (version 2)', () => {
  it('round-trips the latest thresholds and minimums through export and import', async () => {
    const a = judge.saveSet(undefined, draft);
    judge.tuneSet(a.id, tuning);
    await judge.exportSet(a.id);
    expect(JSON.parse(saved[0])).toMatchObject({ version: 2, tuning });
    judge.deleteSet(a.id);
    const out = judge.importSet(saved[0], 'ask');
    if (out.status !== 'imported') throw new Error('expected an import');
    // One revision: the questions and their tuning saved together.
    expect(out.set.revisions).toHaveLength(1);
    expect(latestRevision(judge.getSet(out.set.id)).tuning).toEqual(tuning);
  });

  it('replaces a set’s tuning with the file’s as a new revision, questions unchanged', async () => {
    const a = judge.saveSet(undefined, draft);
    judge.tuneSet(a.id, tuning);
    await judge.exportSet(a.id);
    judge.tuneSet(a.id, { thresholds: { cats: 0.2 }, minimums: {} });
    const out = judge.importSet(saved[0], 'replace');
    expect(out.status === 'imported' && out.set.id).toBe(a.id);
    const set = judge.getSet(a.id);
    expect(set.revisions).toHaveLength(4);
    expect(latestRevision(set).tuning).toEqual(tuning);
  });

  it('writes null for a set never tuned; that file replacing a tuned set clears its tuning', async () => {
    const a = judge.saveSet(undefined, draft);
    await judge.exportSet(a.id);
    expect(JSON.parse(saved[0]).tuning).toBeNull();
    expect(readEnvelope(saved[0]).tuning).toEqual({ thresholds: {}, minimums: {} });
    judge.tuneSet(a.id, tuning);
    judge.importSet(saved[0], 'replace');
    expect(latestRevision(judge.getSet(a.id)).tuning).toEqual({ thresholds: {}, minimums: {} });
    // Exported again, that cleared tuning is "never tuned" once more.
    await judge.exportSet(a.id);
    expect(JSON.parse(saved[1]).tuning).toBeNull();
  });

  it('still imports version 1 files, which have no tuning', () => {
    const v1 = JSON.stringify({ schema: 'gatehouse.question-set', version: 1, set: draft });
    const out = judge.importSet(v1, 'ask');
    if (out.status !== 'imported') throw new Error('expected an import');
    expect(out.set.revisions[0].questions).toEqual(sampleQuestions);
    expect(out.set.revisions[0].tuning).toBeUndefined();
    // Replacing a tuned set with a version 1 file (which says nothing of tuning) keeps its tuning.
    judge.tuneSet(out.set.id, tuning);
    judge.importSet(v1, 'replace');
    expect(latestRevision(judge.getSet(out.set.id)).tuning).toEqual(tuning);
    // The bundled sample is a version 1 file.
    const sample = readFileSync(
      join(import.meta.dirname, '../../../resources/samples/support-replies.question-set.json'),
      'utf8',
    );
    expect(JSON.parse(sample).version).toBe(1);
    expect(judge.importSet(sample, 'ask').status).toBe('imported');
  });

  it('refuses bad tuning, naming the field and the rule, and saves nothing', () => {
    expect(refusal(v2({ thresholds: { tone: 0.6 }, minimums: {} }))).toBe(
      'The file cannot be imported: tuning.thresholds.tone: must name a noul question of the set (“tone” is a choice question).',
    );
    expect(refusal(v2({ thresholds: { dogs: 0.6 } }))).toMatch(
      /tuning\.thresholds\.dogs: must name a noul question of the set \(the set has no question “dogs”\)/,
    );
    expect(refusal(v2({ thresholds: { cats: 1.5 } }))).toMatch(
      /tuning\.thresholds\.cats: a threshold must be from 0 to 1/,
    );
    expect(refusal(v2({ minimums: { auc: 'high' } }))).toMatch(
      /tuning\.minimums\.auc: the minimum AUC must be a number from 0 to 1/,
    );
    // A misspelt key would otherwise be dropped, and its minimum would gate nothing.
    expect(refusal(v2({ minimums: { min_auc: 0.9 } }))).toMatch(/tuning\.minimums: has no field “min_auc”/);
    expect(refusal(v2({ threshold: { cats: 0.6 } }))).toMatch(/tuning: has no field “threshold”/);
    expect(judge.listSets()).toEqual([]);
  });

  it('refuses a newer version clearly', () => {
    expect(refusal(JSON.stringify({ schema: 'gatehouse.question-set', version: 3, set: draft }))).toMatch(
      /version 3 is not supported \(this Gatehouse reads versions 1 and 2; a newer file needs a newer Gatehouse\)/,
    );
  });
});

describe('a question set file carries only each question type’s fields', () => {
  it('writes options for a choice question, levels for a score question, neither for a noul one', async () => {
    const a = judge.saveSet(undefined, draft);
    await judge.exportSet(a.id);
    expect(JSON.parse(saved[0]).set.questions).toEqual([
      {
        name: 'tone',
        type: 'choice',
        instructions: 'Tone?',
        options: [
          { name: 'calm', description: 'calm words' },
          { name: 'angry', description: 'angry shouting' },
        ],
      },
      { name: 'quality', type: 'score', instructions: 'Quality', levels: ['poor', 'fine', 'excellent'] },
      { name: 'cats', type: 'noul', instructions: 'The text is about cats' },
    ]);
    // And reads back to the same questions.
    judge.deleteSet(a.id);
    const out = judge.importSet(saved[0], 'ask');
    if (out.status !== 'imported') throw new Error('expected an import');
    expect(latestRevision(out.set).questions).toEqual(sampleQuestions);
  });

  it('leaves out what the builder kept from another type', async () => {
    const kept = { ...sampleQuestions[0], levels: ['typed while it was a score question'] };
    const a = judge.saveSet(undefined, { name: 'Kept', questions: [kept] });
    await judge.exportSet(a.id);
    expect(JSON.parse(saved[0]).set.questions[0]).not.toHaveProperty('levels');
  });

  it('still imports an older file whose questions carry the other type’s empty fields', () => {
    // As exported before: every question with both lists.
    const old = v2(null);
    expect(JSON.parse(old).set.questions[2]).toMatchObject({ options: [], levels: [] });
    const out = judge.importSet(old, 'ask');
    if (out.status !== 'imported') throw new Error('expected an import');
    expect(latestRevision(out.set).questions).toEqual(sampleQuestions);
  });
});
