import { z } from 'zod';
import { isBase64Text } from '../base64-text';
import type { CaseDraft } from './case-answers';
import { MAX_QUESTIONS, QUESTION_NAME_RE } from './question-rules';
import { setIdSchema } from './question-set';

/**
 * Importing and exporting a set's test cases (docs/architecture.md, "Judge test cases"). The
 * window sends the file to main in numbered chunks (an upload); main reads it as a stream,
 * proposes which column is what, and writes nothing until the user confirms the (possibly
 * edited) mapping.
 */
export const CASE_FILE_FORMATS = ['csv', 'jsonl', 'json'] as const;
export type CaseFileFormat = (typeof CASE_FILE_FORMATS)[number];

/** A case file is at most 50 MB; the window checks a file's size before reading any of it. */
export const CASE_FILE_BYTES_MAX = 50 * 1024 * 1024;
/** An upload's chunk: 512 KB of the file, sent as base64 (the bridges carry text). */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;
export const UPLOAD_CHUNK_BASE64_MAX = 4 * Math.ceil(UPLOAD_CHUNK_BYTES / 3);
const FILE_NAME_MAX = 1_000;
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

export const uploadIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'must be the id main gave the upload (8 to 64 letters, digits or dashes)');

/** Starts an upload: the file's name (for messages) and its size, checked before any byte is sent. */
export const caseUploadStartSchema = z.object({
  name: z.string().max(FILE_NAME_MAX, `must be at most ${FILE_NAME_MAX} characters`),
  size: z
    .number()
    .int('must be a whole number of bytes')
    .min(0, 'must be 0 or more')
    .max(CASE_FILE_BYTES_MAX, 'must be at most 50 MB (the file is too large to import)'),
});
/** One chunk, in order from 0: every chunk but the last holds exactly UPLOAD_CHUNK_BYTES. */
export const caseUploadChunkSchema = z.object({
  uploadId: uploadIdSchema,
  index: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(Math.ceil(CASE_FILE_BYTES_MAX / UPLOAD_CHUNK_BYTES), 'must be a chunk of a file of at most 50 MB'),
  data: z
    .string()
    .max(
      UPLOAD_CHUNK_BASE64_MAX,
      `must be at most ${UPLOAD_CHUNK_BASE64_MAX.toLocaleString('en')} characters`,
    )
    .refine(isBase64Text, 'must be base64'),
});
export const caseUploadIdSchema = z.object({ uploadId: uploadIdSchema });

const fileFields = {
  setId: setIdSchema,
  /** Guessed from the file when left out: `[` is JSON, `{` is JSONL, anything else CSV. */
  format: formatSchema.optional(),
  /** A finished upload (`judge.cases.upload.*`). */
  uploadId: uploadIdSchema,
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

/**
 * Why reading stopped before the end of the file: more rows than a set holds (`at` is the row
 * that did not fit, `line`/`item` where it is), or more bytes than a case file may have.
 */
export type CaseFileStop =
  | { reason: 'rows'; limit: number; at: number; line?: number; item?: number }
  | { reason: 'bytes'; limit: number; at: number };

/** Main -> window while an uploaded file is read for a preview or an import (about 10 a second). */
export interface CaseImportProgress {
  uploadId: string;
  /** Bytes read so far, of `total`. */
  bytes: number;
  total: number;
  rows: number;
}

export interface JudgeCaseEvents {
  'judge.cases.importProgress': CaseImportProgress;
}

export interface CaseImportPreview {
  format: CaseFileFormat;
  /** Set when a cap stopped the reading: the counts cover only what was read, and Import is refused. */
  stopped?: CaseFileStop;
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
