import { z } from 'zod';
import { VARIABLE_VALUE_MAX } from '../chat/prompt-variables-schema';
import {
  COLUMN_NAME_MAX,
  type CaseFileFormat,
  type CaseFileStop,
  type CaseImportProblem,
  CASE_FILE_FORMATS,
  type RowPlace,
  uploadIdSchema,
} from '../judge/judge-case-import';
import type { DatasetRow } from './fill-template';
import { evalIdSchema, type EvalRecord } from './eval-definition';
import { COLUMNS_MAX, DATASET_ROWS_MAX } from './eval-limits';
import { columnNameSchema } from './eval-schema-parts';

/**
 * An eval's dataset imported from a CSV / JSONL / JSON file (docs/architecture.md, "Evals (in
 * progress)"): the file is sent as the workbench's case files are (`judge.cases.upload.*`), read by
 * the same reader, and each row becomes the eval's variables by column, with an optional expected
 * column. The preview writes nothing; Confirm replaces the eval's rows and its dataset's columns.
 */

/** A row value (a variable, the expected value): as long as one of Chat's variables may be. */
export const ROW_VALUE_MAX = VARIABLE_VALUE_MAX;
/** How many rows `evals.rows.page` gives at once. */
export const ROWS_PAGE_MAX = 500;

const fileColumn = z
  .string({ error: 'must be a column of the file' })
  .max(COLUMN_NAME_MAX, `must be at most ${COLUMN_NAME_MAX} characters`);

/** A column of the file read as a variable (or the expected value) by `name`. */
const columnAs = z.object({ column: fileColumn, name: columnNameSchema });

export const evalRowsMappingSchema = z.object({
  /** Each of these columns becomes the variable `name` of every row. */
  variables: z
    .array(columnAs, { error: 'must be a list of columns' })
    .min(1, 'must map at least 1 column')
    .max(COLUMNS_MAX, `must map at most ${COLUMNS_MAX} columns`),
  /** The column holding the expected value, kept apart from the variables; null for none. */
  expected: columnAs.nullable().default(null),
});
export type EvalRowsMapping = z.output<typeof evalRowsMappingSchema>;

const fileFields = {
  evalId: evalIdSchema,
  /** Guessed from the file when left out: `[` is JSON, `{` is JSONL, anything else CSV. */
  format: z.enum(CASE_FILE_FORMATS, { message: 'must be csv, jsonl or json' }).optional(),
  /** A finished upload (`judge.cases.upload.*`). */
  uploadId: uploadIdSchema,
};

export const evalRowsPreviewSchema = z.object({
  ...fileFields,
  /** A mapping the user edited, to preview again; otherwise main proposes one. */
  mapping: evalRowsMappingSchema.optional(),
});
export const evalRowsConfirmSchema = z.object({ ...fileFields, mapping: evalRowsMappingSchema });

export const evalRowsPageSchema = z.object({
  id: evalIdSchema,
  /** The first row's position (from 0): pages are read by position, never by skipping. */
  from: z
    .number({ error: 'must be a row position' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(DATASET_ROWS_MAX, `must be at most ${DATASET_ROWS_MAX.toLocaleString('en')}`),
  limit: z
    .number({ error: 'must be a number of rows' })
    .int('must be a whole number')
    .min(1, `must be from 1 to ${ROWS_PAGE_MAX}`)
    .max(ROWS_PAGE_MAX, `must be from 1 to ${ROWS_PAGE_MAX}`),
});

export interface EvalRowsPage {
  rows: (DatasetRow & { position: number })[];
  /** Every row of the eval. */
  total: number;
}

export interface EvalRowsPreview {
  format: CaseFileFormat;
  /** Set when a cap stopped the reading: the counts cover what was read, and Import is refused. */
  stopped?: CaseFileStop;
  columns: string[];
  /** Null when the file has no columns to map. */
  mapping: EvalRowsMapping | null;
  /** The first rows as they would be saved. */
  rows: (RowPlace & DatasetRow)[];
  rowCount: number;
  validCount: number;
  /** The first problems by line (or item); `problemCount` counts them all. */
  problems: CaseImportProblem[];
  problemCount: number;
  /** How many rows the eval holds now: Import replaces them. */
  replaces: number;
}

export interface EvalRowsImportResult {
  added: number;
  /** The first rows left out, each with its reasons; `skippedCount` counts them all. */
  skipped: (RowPlace & { reasons: string[] })[];
  skippedCount: number;
  /** Problems of the file as a whole (a renamed duplicate column), which skip no row. */
  notes: CaseImportProblem[];
  /** The eval with its dataset's new columns. */
  eval: EvalRecord;
}

/** What `evals.list` gives of each eval. */
export interface EvalSummary {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  rows: number;
  variants: number;
  targets: number;
}
