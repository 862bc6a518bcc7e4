import { z } from 'zod';
import { batchRunIdSchema } from './batch-inputs';
import { DRIFT_PAGE_MAX } from './run-agreement';

const runId = batchRunIdSchema.shape.id;

export const agreementInputSchema = batchRunIdSchema;

export const driftInputSchema = z
  .object({
    a: runId,
    b: runId,
    /** The first flipped case of the page, counted over every question's flips. */
    offset: z.number().int('must be a whole number').min(0, 'must be 0 or more').default(0),
    limit: z
      .number()
      .int('must be a whole number')
      .min(1, `must be from 1 to ${DRIFT_PAGE_MAX}`)
      .max(DRIFT_PAGE_MAX, `must be from 1 to ${DRIFT_PAGE_MAX}`)
      .default(20),
  })
  .refine((x) => x.a !== x.b, { path: ['b'], message: 'must be another run than a' });
export type DriftInput = z.output<typeof driftInputSchema>;
