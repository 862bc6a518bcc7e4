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

const draft = { name: 'Reviews', questions: sampleQuestions };
let judge: JudgeService;

beforeEach(() => {
  judge = createJudgeService({
    repos: createRepositories({ db: openMemoryDatabase(), notices: new StorageNotices() }),
    client: new GatewayClient({ fetch, log: new RequestLog() }),
    profiles: {} as ProfileService,
    desktop: { saveTextAs: async () => null, saveFileAs: async () => null, notify: () => undefined },
  });
});

describe('restoring a revision', () => {
  it('appends a new revision with the old questions and tuning, keeping every earlier one', () => {
    const a = judge.saveSet(undefined, draft);
    judge.tuneSet(a.id, { thresholds: { cats: 0.7 }, minimums: { auc: 0.8 } });
    const edited = sampleQuestions.map((q) => (q.name === 'cats' ? { ...q, instructions: 'About dogs' } : q));
    judge.saveSet(a.id, { name: 'Reviews', questions: edited });
    judge.tuneSet(a.id, { thresholds: { cats: 0.4 }, minimums: {} });
    const before = judge.getSet(a.id).revisions;
    expect(before.map((r) => r.revision)).toEqual([1, 2, 3, 4]);

    const restored = judge.restoreRevision(a.id, 2);
    // Read back from the database: revisions 1 to 4 unchanged, revision 5 equal to revision 2.
    const set = judge.getSet(restored.id);
    expect(set.revisions.slice(0, 4)).toEqual(before);
    const latest = latestRevision(set);
    expect(latest.revision).toBe(5);
    expect(latest.questions).toEqual(sampleQuestions);
    expect(latest.tuning).toEqual({ thresholds: { cats: 0.7 }, minimums: { auc: 0.8 } });
  });

  it('restores a revision saved before tuning without tuning', () => {
    const a = judge.saveSet(undefined, draft);
    judge.tuneSet(a.id, { thresholds: { cats: 0.7 }, minimums: {} });
    const latest = latestRevision(judge.restoreRevision(a.id, 1));
    expect(latest.revision).toBe(3);
    expect(latest.tuning).toBeUndefined();
  });

  it('saves nothing when the revision already equals the latest', () => {
    const a = judge.saveSet(undefined, draft);
    expect(judge.restoreRevision(a.id, 1).revisions).toHaveLength(1);
  });

  it('refuses a revision that does not exist', () => {
    const a = judge.saveSet(undefined, draft);
    expect(() => judge.restoreRevision(a.id, 9)).toThrow(AppFailure);
    expect(() => judge.restoreRevision(a.id, 9)).toThrow(/Revision 9 of “Reviews” does not exist/);
  });
});
