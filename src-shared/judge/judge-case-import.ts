import { z } from 'zod';
import type { CaseDraft } from './case-answers';
import { MAX_QUESTIONS, QUESTION_NAME_RE } from './question-rules';
import { setIdSchema } from './question-set';

/**
 * Importing and exporting a set's test cases (docs/architecture.md, "Judge test cases"). The
 * window reads the file and sends its text; main parses it, proposes which column is what, and
 * writes nothing until the user confirms the (possibly edited) mapping.
 */
export const CASE_FILE_FORMATS = ['csv', 'jsonl', 'json'] as const;
export type CaseFileFormat = (typeof CASE_FILE_FORMATS)[number];

/** 50 MB of text; a JS string's length counts UTF-16 units, close enough to bytes for a cap. */
export const CASE_FILE_TEXT_MAX = 50 * 1024 * 1024;
export const COLUMN_NAME_MAX = 500;
/** How many mapped rows a preview shows, and how many problems or skipped rows it lists. */
export const PREVIEW_ROWS = 20;
export const PROBLEMS_LISTED = 500;

const column = z.string().max(COLUMN_NAME_MAX, `must be at most ${COLUMN_NAME_MAX} characters`);
const formatSchema = z.enum(CASE_FILE_FORMATS, { message: 'must be csv, jsonl or json' });

export const caseMappingSchema = z.object({
  /** The column holding the state. */
  state: column,
  /** A column saying how to read the state (text, json or list); without one, a file's text is text. */
  stateType: column.nullable().default(null),
  expected: z
    .array(z.object({ column, question: z.string().regex(QUESTION_NAME_RE, 'must be a question name') }))
    .max(MAX_QUESTIONS, `must have at most ${MAX_QUESTIONS} columns`)
    .default([]),
  note: column.nullable().default(null),
});
export type CaseMapping = z.output<typeof caseMappingSchema>;

const fileFields = {
  setId: setIdSchema,
  /** Guessed from the text when left out: `[` is JSON, `{` is JSONL, anything else CSV. */
  format: formatSchema.optional(),
  text: z.string().max(CASE_FILE_TEXT_MAX, 'must be at most 50 MB (the file is too large to import)'),
};

export const casePreviewSchema = z.object({
  ...fileFields,
  /** A mapping the user edited, to preview again; otherwise main proposes one. */
  mapping: caseMappingSchema.optional(),
});
export const caseConfirmSchema = z.object({ ...fileFields, mapping: caseMappingSchema });
/**
 * `judge.cases.export`. `rawCsv`: CSV cells written exactly as they are, formulas and all; by
 * default a cell a spreadsheet would run as a formula gets a leading `'` (docs/architecture.md,
 * "Exports"). Ignored for JSONL and JSON.
 */
export const caseExportSchema = z.object({
  setId: setIdSchema,
  format: formatSchema,
  rawCsv: z.boolean({ message: 'must be true or false' }).optional(),
});

/** Where in the file: CSV and JSONL rows by the physical line they start on, JSON by item. */
export interface RowPlace {
  line?: number;
  item?: number;
}

export interface CaseImportProblem extends RowPlace {
  /** `state`, `expected \`tone\``, `note`, `header`, `row` or `file`. */
  field: string;
  reason: string;
  /** e.g. "line 14, expected `tone`: 'maybe' is not one of the options yes, no" */
  message: string;
}

export interface CaseImportPreview {
  format: CaseFileFormat;
  columns: string[];
  /** Null when the file has no columns to map. */
  mapping: CaseMapping | null;
  /** The first rows as they would be saved. */
  rows: (RowPlace & { draft: CaseDraft })[];
  rowCount: number;
  validCount: number;
  /** The first PROBLEMS_LISTED problems; `problemCount` counts them all. */
  problems: CaseImportProblem[];
  problemCount: number;
}

export interface CaseImportResult {
  added: number;
  /** The first PROBLEMS_LISTED rows left out, each with its reasons; `skippedCount` counts them all. */
  skipped: (RowPlace & { reasons: string[] })[];
  skippedCount: number;
  /** Problems of the file as a whole (a renamed duplicate column), which skip no row. */
  notes: CaseImportProblem[];
}

export function placeText(p: RowPlace): string {
  if (p.line !== undefined) return `line ${p.line}`;
  if (p.item !== undefined) return `item ${p.item}`;
  return 'the file';
}
