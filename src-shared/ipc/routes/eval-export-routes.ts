import { z } from 'zod';
import { route } from '../define-route';
import { REPORT_LANGUAGES } from '../../judge/report-inputs';

/** An eval run's id (a UUID as main makes it). */
export const evalRunIdSchema = z
  .string({ error: 'must be an eval run id' })
  .regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be an eval run id');

export const evalRunExportSchema = z.object({
  runId: evalRunIdSchema,
  format: z.enum(['csv', 'jsonl'], { message: 'must be csv or jsonl' }),
  /** CSV cells exactly as they are; by default a formula-leading cell gets a `'` ("Exports"). */
  rawCsv: z.boolean({ message: 'must be true or false' }).optional(),
});

export const evalRunReportSchema = z.object({
  runId: evalRunIdSchema,
  language: z.enum(REPORT_LANGUAGES, { message: `must be one of ${REPORT_LANGUAGES.join(', ')}` }),
});

/**
 * An eval run's results and report, written where the user picks (docs/architecture.md, "Evals
 * (in progress)"); each resolves to where the file was written, or null when the user cancelled.
 */
export const evalExportRoutes = {
  /** Every cell as a line: CSV or JSON Lines. */
  'evals.runs.export': route<string | null>()(evalRunExportSchema),
  /** The run as one self-contained HTML file (figures, comparisons, minimums) in the language given. */
  'evals.runs.report': route<string | null>()(evalRunReportSchema),
};
