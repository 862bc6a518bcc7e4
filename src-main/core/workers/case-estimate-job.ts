import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { createRepositories } from '../db/repositories';
import { StorageNotices } from '../storage/storage-notices';
import { estimateRun } from '../judge/batch/batch-estimate';
import { setCaseSource } from '../judge/batch/set-case-source';
import { inThreadTokenCounter } from '../judge/token-counter';
import type { Question } from '../../../src-shared/judge/question-rules';
import { ESTIMATE_SET_CASES_JOB } from './worker-messages';
import type { JobTable } from './worker-host';

export interface SetCasesEstimateInput {
  /** A run's `named` source key over a set's saved cases (`set-cases:<set id>`). */
  key: string;
  /** The run's revision's questions, already valid (main read them from its set). */
  questions: Question[];
  model: string;
  concurrency: number;
}

const input = z.object({
  key: z.string().max(10_000, { error: 'key: at most 10,000 characters' }),
  questions: z.array(z.unknown()).max(1000, { error: 'questions: at most 1,000' }),
  model: z.string().max(1000, { error: 'model: at most 1,000 characters' }),
  concurrency: z.number().int().min(1, { error: 'concurrency: at least 1' }),
});

/**
 * A run's estimate over a set's saved cases, whole in a worker (docs/architecture.md, "The
 * judge's tokenizer"): the cases read page by page from the worker's read-only connection and
 * counted with the worker's own tokenizer, so main neither reads nor tokenizes them.
 */
export function caseEstimateJobs(db: DatabaseSync): JobTable {
  const repos = createRepositories({ db, notices: new StorageNotices(), readOnly: true });
  return {
    [ESTIMATE_SET_CASES_JOB]: (raw: unknown) => {
      const given = input.parse(raw);
      const source = setCaseSource(repos.cases, given.key);
      if (!source) throw new Error(`${given.key} does not name a set's cases`);
      const questions = given.questions as Question[];
      return estimateRun(source, questions, given.model, given.concurrency, inThreadTokenCounter);
    },
  };
}
