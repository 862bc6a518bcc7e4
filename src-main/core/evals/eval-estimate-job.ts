import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type { Question } from '../../../src-shared/judge/question-rules';
import { evalRepository } from '../db/eval-repository';
import { inThreadTokenCounter } from '../judge/token-counter';
import { StorageNotices } from '../storage/storage-notices';
import type { JobTable } from '../workers/worker-host';
import { estimateEval } from './eval-estimate';

/** An eval run's estimate, read and counted in a worker (eval-estimate.ts). */
export const ESTIMATE_EVAL_JOB = 'evals.estimate';

const input = z.object({
  evalId: z.string().max(80, { error: 'evalId: at most 80 characters' }),
  concurrency: z.number().int().min(1, { error: 'concurrency: at least 1' }),
  questions: z.array(z.unknown()).max(1000, { error: 'questions: at most 1,000' }).nullable(),
  baseUrls: z.record(z.string(), z.string().max(10_000, { error: 'baseUrls: at most 10,000 characters' })),
});

/**
 * The worker's side (docs/architecture.md, "Worker threads"): the eval's rows read from its
 * read-only connection and counted with its own tokenizer. A row that fails its schema makes the
 * job answer `needs-quarantine`, and main then estimates itself, setting the row aside.
 */
export function evalEstimateJobs(db: DatabaseSync): JobTable {
  const evals = evalRepository({ db, notices: new StorageNotices(), readOnly: true });
  return {
    [ESTIMATE_EVAL_JOB]: (raw: unknown) => {
      const given = input.parse(raw);
      return estimateEval(
        db,
        evals,
        { ...given, questions: given.questions as Question[] | null },
        inThreadTokenCounter,
      );
    },
  };
}
