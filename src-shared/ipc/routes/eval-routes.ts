import { z } from 'zod';
import { route } from '../define-route';
import { evalIdSchema, type EvalRecord, evalSpecSchema } from '../../evals/eval-definition';
import { EVAL_FILE_TEXT_MAX } from '../../evals/eval-limits';
import {
  type EvalRowsImportResult,
  type EvalRowsPage,
  evalRowsConfirmSchema,
  evalRowsPageSchema,
  type EvalRowsPreview,
  evalRowsPreviewSchema,
  type EvalSummary,
} from '../../evals/eval-rows-import';

const byEval = z.object({ id: evalIdSchema });

/** Evals: definitions, the eval file and the dataset (docs/architecture.md, "Evals (in progress)"). */
export const evalRoutes = {
  /** Most recently changed first. */
  'evals.list': route<EvalSummary[]>()(z.object({})),
  'evals.get': route<EvalRecord>()(byEval),
  'evals.create': route<EvalRecord>()(z.object({ spec: evalSpecSchema })),
  /** The whole definition replaced; the dataset's columns change only with an import of its rows. */
  'evals.update': route<EvalRecord>()(byEval.extend({ spec: evalSpecSchema })),
  /** The eval with its rows, runs and cells. */
  'evals.delete': route<null>()(byEval),
  /** The eval file; resolves to where it was written, or null when the user cancelled. */
  'evals.exportFile': route<string | null>()(byEval),
  /** An eval file's text, saved as a new eval (without rows: a file's dataset is a path). */
  'evals.importFile': route<EvalRecord>()(
    z.object({
      text: z
        .string({ error: 'must be the eval file’s text' })
        .max(EVAL_FILE_TEXT_MAX, `must be at most ${EVAL_FILE_TEXT_MAX / 1_000_000} MB`),
    }),
  ),
  /** Rows from position `from` on, in order, and how many the eval has. */
  'evals.rows.page': route<EvalRowsPage>()(evalRowsPageSchema),
  /** Reads an uploaded file (`judge.cases.upload.*`) as a stream and writes nothing. */
  'evals.rows.importPreview': route<EvalRowsPreview>()(evalRowsPreviewSchema),
  /** Replaces the eval's rows with the file's (all or none) and its dataset's columns. */
  'evals.rows.importConfirm': route<EvalRowsImportResult>()(evalRowsConfirmSchema),
};
