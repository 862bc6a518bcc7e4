import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../db/open-database';
import { BIG_RUN_QUESTIONS, seedBigRun } from '../../test-support/big-judge-run';
import { setCasesKey } from '../judge/batch/set-case-source';
import type { BatchEstimate } from '../../../src-shared/judge/batch-run';
import { caseEstimateJobs } from './case-estimate-job';
import { ESTIMATE_SET_CASES_JOB } from './worker-messages';

describe('the set cases estimate job', () => {
  const db = openMemoryDatabase();
  seedBigRun(db, 450);
  const job = caseEstimateJobs(db)[ESTIMATE_SET_CASES_JOB] as (input: unknown) => Promise<BatchEstimate>;
  const input = { key: setCasesKey('big-set'), questions: BIG_RUN_QUESTIONS, model: 'judge-1.13.0' };

  it('reads the set’s cases page by page and counts them', async () => {
    const e = await job({ ...input, concurrency: 3 });
    expect(e).toMatchObject({ cases: 450, unreadableCases: 0, concurrency: 3 });
    expect(e.inputTokens).toBeGreaterThan(450 * 20);
  });

  it('refuses bad input naming the field, and a key that names no set’s cases', () => {
    expect(() => job({ ...input, concurrency: 0 })).toThrow(/concurrency: at least 1/);
    expect(() => job({ ...input, key: 'mine', concurrency: 1 })).toThrow(/does not name a set's cases/);
  });
});
