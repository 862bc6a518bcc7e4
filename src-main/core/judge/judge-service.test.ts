import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxServer } from '../../sandbox/server';
import { GatewayClient } from '../gateway/gateway-client';
import { RequestLog } from '../gateway/request-log';
import type { ProfileService } from '../profiles/profile-service';
import { AppFailure } from '../../../src-shared/result';
import { openMemoryDatabase } from '../db/open-database';
import { createRepositories } from '../db/repositories';
import { StorageNotices } from '../storage/storage-notices';
import { createJudgeService } from './create-judge-service';
import type { JudgeService } from './judge-service';
import type { QuestionSetDraft } from '../../../src-shared/judge/question-rules';
import { sampleQuestions } from './sample-questions.test-helper';

const questions = sampleQuestions;
const draft: QuestionSetDraft = { name: 'Reviews', questions };

let server: SandboxServer;
let db: DatabaseSync;
let saved: string[];
let clock: number;
let judge: JudgeService;

beforeAll(async () => {
  server = await startSandbox({ balanceYuan: 1 });
});
afterAll(() => server.close());

function make(fetchFn: typeof fetch = fetch) {
  const profiles = {
    target: async () => ({ host: server.origin, judgeSegment: 'partner', apiKey: 'sk-test' }),
  } as unknown as ProfileService;
  return createJudgeService({
    // A fresh set of repositories over the same database: what the app sees after a restart.
    repos: createRepositories({ db, notices: new StorageNotices() }),
    client: new GatewayClient({ fetch: fetchFn, log: new RequestLog() }),
    profiles,
    desktop: {
      saveTextAs: async (text, name) => {
        saved.push(text);
        return `/exports/${name}`;
      },
      saveFileAs: async () => null,
      notify: () => undefined,
    },
    now: () => clock++,
  });
}

beforeEach(() => {
  db = openMemoryDatabase();
  saved = [];
  clock = 1000;
  judge = make();
  return () => db.close();
});

describe('question set storage', () => {
  it('saves, keeps revisions and survives a restart', () => {
    const a = judge.saveSet(undefined, draft);
    expect(a.revisions).toHaveLength(1);
    const same = judge.saveSet(a.id, draft);
    expect(same.revisions).toHaveLength(1);
    const b = judge.saveSet(a.id, { ...draft, questions: questions.slice(0, 2) });
    expect(b.revisions.map((r) => r.revision)).toEqual([1, 2]);
    expect(b.revisions[0].questions).toHaveLength(3);
    const again = make();
    expect(again.listSets()).toEqual([
      expect.objectContaining({ id: a.id, name: 'Reviews', revision: 2, questionCount: 2 }),
    ]);
    const rows = db.prepare('SELECT revision FROM set_revisions WHERE set_id = ?').all(a.id);
    expect(rows).toHaveLength(2);
  });

  it('refuses an invalid set with the field named', () => {
    expect(() =>
      judge.saveSet(undefined, { name: 'x', questions: [{ ...questions[1], levels: ['a'] }] }),
    ).toThrow(/levels/);
  });

  it('renames, duplicates and deletes', () => {
    const a = judge.saveSet(undefined, draft);
    judge.renameSet(a.id, 'Renamed');
    judge.tuneSet(a.id, { thresholds: { cats: 0.7 }, minimums: { auc: 0.8 } });
    const copy = judge.duplicateSet(a.id);
    expect(copy.name).toBe('Renamed (copy)');
    // The copy keeps the thresholds and minimums in force.
    expect(copy.revisions.at(-1)!.tuning).toEqual({ thresholds: { cats: 0.7 }, minimums: { auc: 0.8 } });
    judge.deleteSet(a.id);
    expect(judge.listSets().map((s) => s.name)).toEqual(['Renamed (copy)']);
  });

  it('keeps set names unique on save and rename', () => {
    const a = judge.saveSet(undefined, draft);
    const b = judge.saveSet(undefined, { ...draft, name: 'Other' });
    expect(() => judge.saveSet(undefined, draft)).toThrow(/set\.name: must be unique: a set named “Reviews”/);
    expect(() => judge.saveSet(b.id, draft)).toThrow(/must be unique/);
    expect(() => judge.renameSet(b.id, 'Reviews')).toThrow(/name: must be unique/);
    expect(judge.saveSet(a.id, draft).id).toBe(a.id);
    expect(judge.renameSet(a.id, 'Reviews').name).toBe('Reviews');
  });

  it('lists revisions and shows a set as it was', () => {
    const a = judge.saveSet(undefined, draft);
    judge.saveSet(a.id, { ...draft, questions: questions.slice(0, 1) });
    expect(judge.listRevisions(a.id).map((r) => [r.revision, r.questionCount])).toEqual([
      [2, 1],
      [1, 3],
    ]);
    const first = judge.getRevision(a.id, 1);
    expect(first).toMatchObject({ name: 'Reviews', latestRevision: 2, revision: { revision: 1 } });
    expect(first.revision.questions).toEqual(questions);
    expect(() => judge.getRevision(a.id, 9)).toThrow(/Revision 9 of “Reviews” does not exist/);
  });
});

describe('tuning', () => {
  it('saves thresholds and minimums as a new revision, carries them over question edits, and refuses a bad one', () => {
    const a = judge.saveSet(undefined, draft);
    const tuning = { thresholds: { cats: 0.7 }, minimums: { accuracy: 0.9 } };
    const tuned = judge.tuneSet(a.id, tuning);
    expect(tuned.revisions.map((r) => [r.revision, r.tuning])).toEqual([
      [1, undefined],
      [2, tuning],
    ]);
    expect(tuned.revisions[1].questions).toEqual(tuned.revisions[0].questions);
    // The same tuning again saves nothing; a restart reads it back.
    expect(judge.tuneSet(a.id, tuning).revisions).toHaveLength(2);
    expect(make().getSet(a.id).revisions[1].tuning).toEqual(tuning);
    // Editing questions keeps the thresholds of noul questions still there.
    const edited = judge.saveSet(a.id, {
      ...draft,
      questions: [...questions, { ...questions[2], name: 'dogs' }],
    });
    expect(edited.revisions.at(-1)!.tuning).toEqual(tuning);
    const dropped = judge.saveSet(a.id, { ...draft, questions: questions.slice(0, 2) });
    expect(dropped.revisions.at(-1)!.tuning).toEqual({ thresholds: {}, minimums: { accuracy: 0.9 } });

    expect(() => judge.tuneSet(a.id, { thresholds: { tone: 0.5 }, minimums: {} })).toThrow(
      /tuning\.thresholds\.tone: must name a noul question of the set/,
    );
    expect(() => judge.tuneSet(a.id, { thresholds: {}, minimums: { auc: 1.5 } })).toThrow(
      /minimum AUC must be from 0 to 1/,
    );
  });
});

describe('import and export', () => {
  it('round-trips through the versioned envelope', async () => {
    const a = judge.saveSet(undefined, draft);
    expect(await judge.exportSet(a.id)).toBe('/exports/Reviews.question-set.json');
    const envelope = JSON.parse(saved[0]);
    expect(envelope).toMatchObject({
      schema: 'gatehouse.question-set',
      version: 2,
      set: { name: 'Reviews' },
    });
    judge.deleteSet(a.id);
    const out = judge.importSet(saved[0], 'ask');
    expect(out.status).toBe('imported');
    if (out.status !== 'imported') return;
    expect(out.set.revisions[0].questions).toEqual(questions);
  });

  it('asks on a name clash, then copies or replaces', async () => {
    const a = judge.saveSet(undefined, draft);
    await judge.exportSet(a.id);
    const clash = judge.importSet(saved[0], 'ask');
    expect(clash).toMatchObject({ status: 'clash', existing: { id: a.id } });
    expect(judge.listSets()).toHaveLength(1);
    const copy = judge.importSet(saved[0], 'copy');
    expect(copy.status === 'imported' && copy.set.name).toBe('Reviews (imported)');
    const replaced = judge.importSet(saved[0].replace('"Tone?"', '"Which tone?"'), 'replace');
    expect(replaced.status === 'imported' && replaced.set.id).toBe(a.id);
    expect(judge.getSet(a.id).revisions).toHaveLength(2);
  });

  it('refuses files that do not fit, with the reason', () => {
    const refuse = (text: string) => {
      try {
        judge.importSet(text, 'ask');
      } catch (err) {
        return (err as AppFailure).error.message;
      }
      throw new Error('expected a refusal');
    };
    expect(refuse('nope')).toMatch(/not valid JSON/);
    expect(refuse('{"schema":"other","version":1,"set":{}}')).toMatch(/not a Gatehouse question set/);
    expect(refuse('{"schema":"gatehouse.question-set","version":9,"set":{}}')).toMatch(
      /version 9 is not supported/,
    );
    const bad = {
      schema: 'gatehouse.question-set',
      version: 1,
      set: { name: 'x', questions: [{ ...questions[1], levels: ['a'] }] },
    };
    expect(refuse(JSON.stringify(bad))).toMatch(/set\.questions\[0\]\.levels: must have 2 to 10 levels/);
    expect(judge.listSets()).toEqual([]);
  });
});

describe('runs', () => {
  it('runs a saved set on the Sandbox and keeps the run with its revision', async () => {
    const a = judge.saveSet(undefined, draft);
    const opened = await judge.run({
      setId: a.id,
      model: 'judge-latest',
      state: { mode: 'text', text: 'My cats are calm and excellent' },
    });
    // The window gets the run and the questions of the revision in one answer.
    expect(opened.questions).toEqual(questions);
    const { run } = opened;
    expect(run.modelAsked).toBe('judge-latest');
    expect(run.modelAnswered).toBe('judge-1.14.0');
    expect(run.setRevision).toBe(1);
    expect(run.usage.inputTokens).toBeGreaterThan(0);
    expect(run.costYuan).toBeCloseTo((run.usage.inputTokens! * 0.35) / 1e6, 12);
    expect(JSON.parse(run.raw).answers.tone.choice).toBe('calm');
    judge.saveSet(a.id, { ...draft, questions: questions.slice(0, 1) });
    const { questions: used } = judge.getRunWithQuestions(run.id);
    expect(used).toHaveLength(3);
    expect(judge.listRuns(a.id)).toHaveLength(1);
  });

  it('says plainly that a run cannot be kept when its set was deleted while it ran', async () => {
    const a = judge.saveSet(undefined, draft);
    const before = server.state.balanceYuan;
    // The user deletes the set while the gateway is answering.
    const racing = make(async (...args) => {
      const response = await fetch(...args);
      judge.deleteSet(a.id);
      return response;
    });
    const failure = await racing
      .run({ setId: a.id, model: 'judge-latest', state: { mode: 'text', text: 'Calm cats' } })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).error).toEqual({
      code: 'not_found',
      message: expect.stringMatching(/^The question set was deleted while this run was in progress/),
    });
    // Billed all the same: the user must be told, not left to think nothing happened.
    expect(server.state.balanceYuan).toBeLessThan(before!);
    expect(db.prepare('SELECT count(*) AS n FROM judge_runs').get()).toEqual({ n: 0 });
  });

  it('refuses a bad state before sending anything', async () => {
    const a = judge.saveSet(undefined, draft);
    await expect(
      judge.run({ setId: a.id, model: 'judge-1.13.0', state: { mode: 'json', text: '[1]' } }),
    ).rejects.toThrow(/state: must be a JSON object/);
  });

  it('refuses a clearly-over-limit state in main, naming the limit, before anything is billed', async () => {
    const a = judge.saveSet(undefined, draft);
    const before = server.state.balanceYuan;
    await expect(
      judge.run({
        setId: a.id,
        model: 'judge-1.13.0',
        state: { mode: 'text', text: 'word '.repeat(60_000) },
      }),
    ).rejects.toThrow(/state: .*far over the limit of 32,768 tokens/);
    expect(server.state.balanceYuan).toBe(before);
    expect(judge.listRuns(a.id)).toHaveLength(0);
  });
});
