import { z } from 'zod';
import { batchRunIdSchema } from './batch-inputs';

/**
 * `judge.report.save`: a run's agreement, or two runs' drift, as one self-contained HTML file
 * written through the save dialog (docs/architecture.md, "Reports"). The window names the runs
 * and the language; never a path, which only the dialog (or browser mode's export folder) picks.
 */
export const REPORT_LANGUAGES = ['en', 'zh-CN'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

const runId = batchRunIdSchema.shape.id;
const language = z.enum(REPORT_LANGUAGES, { message: `must be one of ${REPORT_LANGUAGES.join(', ')}` });

export const reportInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('agreement'), id: runId, language }),
    z
      .object({ kind: z.literal('drift'), a: runId, b: runId, language })
      .refine((x) => x.a !== x.b, { path: ['b'], message: 'must be another run than a' }),
  ],
  { message: 'kind must be agreement or drift' },
);
export type ReportInput = z.output<typeof reportInputSchema>;
