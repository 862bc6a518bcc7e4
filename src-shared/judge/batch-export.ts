import { z } from 'zod';
import { batchRunIdSchema } from './batch-inputs';

/** `judge.batch.export`: a run's results as CSV (one column per question field) or JSON Lines. */
export const batchExportSchema = batchRunIdSchema.extend({
  format: z.enum(['csv', 'jsonl'], { message: 'must be csv or jsonl' }),
});
