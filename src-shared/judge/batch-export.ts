import { z } from 'zod';
import { batchRunIdSchema } from './batch-inputs';

/**
 * `judge.batch.export`: a run's results as CSV (one column per question field) or JSON Lines.
 * `rawCsv`: CSV cells written exactly as they are; by default a cell a spreadsheet would run as
 * a formula gets a leading `'` (docs/architecture.md, "Exports").
 */
export const batchExportSchema = batchRunIdSchema.extend({
  format: z.enum(['csv', 'jsonl'], { message: 'must be csv or jsonl' }),
  rawCsv: z.boolean({ message: 'must be true or false' }).optional(),
});
