import { z } from 'zod';
import { route } from '../define-route';
import { evalIdSchema, type EvalRecord, evalSpecSchema } from '../../evals/eval-definition';
import {
  type EvalRowsImportResult,
  type EvalRowsPage,
  evalRowsConfirmSchema,
  evalRowsPageSchema,
  type EvalRowsPreview,
  evalRowsPreviewSchema,
  type EvalSummary,
  ROW_VALUE_MAX,
} from '../../evals/eval-rows-import';
import { COLUMNS_MAX, DATASET_ROWS_MAX, EVAL_FILE_TEXT_MAX } from '../../evals/eval-limits';
import { columnNameSchema } from '../../evals/eval-schema-parts';

const byEval = z.object({ id: evalIdSchema });

const rowValue = z
  .string({ error: 'must be a text' })
  .max(ROW_VALUE_MAX, `must be at most ${ROW_VALUE_MAX.toLocaleString('en')} characters`);

/**
 * One stored row edited in place. The shape is checked here; that the variables are exactly the
 * dataset's columns (and an expected value only with an expected column) is checked in main
 * against the eval (eval-handlers.ts), each problem naming its field.
 */
export const evalRowUpdateSchema = byEval.extend({
  position: z
    .number({ error: 'must be a row position' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(DATASET_ROWS_MAX - 1, `must be less than ${DATASET_ROWS_MAX.toLocaleString('en')}`),
  variables: z
    .record(columnNameSchema, rowValue, { error: 'must be an object of texts by column' })
    .refine((v) => Object.keys(v).length <= COLUMNS_MAX, `must hold at most ${COLUMNS_MAX} columns`),
  /** The expected value; absent or empty: none. */
  expected: rowValue.optional(),
});

/** Evals: definitions, the eval file and the dataset (docs/architecture.md, "Evals"). */
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
  /** One row's values replaced; resolves to the row as stored. */
  'evals.rows.update': route<EvalRowsPage['rows'][number]>()(evalRowUpdateSchema),
};
