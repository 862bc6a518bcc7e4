import { z } from 'zod';
import { JUDGE_MODELS } from './judge-estimate';
import { setIdSchema } from './question-set';
import { CASE_FILTER_MAX } from './judge-case';
import {
  BATCH_CONCURRENCY_DEFAULT,
  BATCH_CONCURRENCY_MAX,
  BATCH_CONCURRENCY_MIN,
  batchCaseSchema,
  caseIdSchema,
} from './batch-run';

export const BATCH_INLINE_CASES_MAX = 2_000;
export const BATCH_RESULTS_PAGE_MAX = 200;

const concurrencySchema = z
  .number()
  .int('must be a whole number')
  .min(BATCH_CONCURRENCY_MIN, `must be from ${BATCH_CONCURRENCY_MIN} to ${BATCH_CONCURRENCY_MAX}`)
  .max(BATCH_CONCURRENCY_MAX, `must be from ${BATCH_CONCURRENCY_MIN} to ${BATCH_CONCURRENCY_MAX}`);

export const batchRunIdSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be a saved batch run id'),
});

export const createBatchSchema = z
  .object({
    setId: setIdSchema,
    /** Default: the set's latest revision. */
    revision: z.number().int('must be a whole number').positive('must be 1 or more').optional(),
    model: z.enum(JUDGE_MODELS, { message: `must be one of ${JUDGE_MODELS.join(', ')}` }),
    concurrency: concurrencySchema.default(BATCH_CONCURRENCY_DEFAULT),
    /** The cases to judge; absent: the set's saved test cases. */
    cases: z
      .array(batchCaseSchema)
      .min(1, 'must hold at least one case')
      .max(BATCH_INLINE_CASES_MAX, `must hold at most ${BATCH_INLINE_CASES_MAX.toLocaleString('en')} cases`)
      .refine((cases) => new Set(cases.map((c) => c.id)).size === cases.length, 'must not repeat a case id')
      .optional(),
    /** Only the saved cases whose state or note holds this text (as `judge.cases.list` filters). */
    filter: z.string().max(CASE_FILTER_MAX, `must be at most ${CASE_FILTER_MAX} characters`).optional(),
  })
  .refine((input) => !(input.cases && input.filter), {
    path: ['filter'],
    message: 'filters the saved cases, so it cannot come with cases sent with the run',
  });
export type CreateBatchInput = z.output<typeof createBatchSchema>;

export const batchConcurrencySchema = batchRunIdSchema.extend({ concurrency: concurrencySchema.optional() });

export const retryCaseSchema = batchRunIdSchema.extend({ caseId: caseIdSchema });

export const listBatchSchema = z.object({ setId: setIdSchema.optional() });

export const batchResultsSchema = batchRunIdSchema.extend({
  offset: z.number().int('must be a whole number').min(0, 'must be 0 or more').default(0),
  limit: z
    .number()
    .int('must be a whole number')
    .min(1, `must be from 1 to ${BATCH_RESULTS_PAGE_MAX}`)
    .max(BATCH_RESULTS_PAGE_MAX, `must be from 1 to ${BATCH_RESULTS_PAGE_MAX}`)
    .default(50),
  status: z.enum(['done', 'failed'], { message: 'must be done or failed' }).optional(),
});
