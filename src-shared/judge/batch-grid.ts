import { z } from 'zod';
import { batchRunIdSchema } from './batch-inputs';
import { caseIdSchema, type BatchCase, type BatchResult } from './batch-run';
import type { CaseGrade } from './case-grade';
import type { OpenedRun } from './judge-run';
import type { Label } from './metrics/label-pairing';
import type { Question } from './question-rules';
import type { CaseReview, LabelEdit, RowReview } from './review-marks';

/**
 * The results grid of a batch run: one row per case, computed in main over the whole run (so
 * sorting and filtering see every case) and sent a page at a time (docs/architecture.md,
 * "Batch runs view").
 */
export const GRID_SORTS = ['case', 'disagreement', 'confidence'] as const;
/** The last four read the user's review marks (docs/architecture.md, "Review in the results"). */
export const GRID_FILTERS = [
  'all',
  'disagreements',
  'errors',
  'agreed',
  'disagreed',
  'commented',
  'corrected',
] as const;
export type GridSort = (typeof GRID_SORTS)[number];
export type GridFilter = (typeof GRID_FILTERS)[number];
export const GRID_PAGE_MAX = 200;

export const batchGridSchema = batchRunIdSchema.extend({
  sort: z.enum(GRID_SORTS, { message: `must be one of ${GRID_SORTS.join(', ')}` }).default('case'),
  filter: z.enum(GRID_FILTERS, { message: `must be one of ${GRID_FILTERS.join(', ')}` }).default('all'),
  offset: z.number().int('must be a whole number').min(0, 'must be 0 or more').default(0),
  limit: z
    .number()
    .int('must be a whole number')
    .min(1, `must be from 1 to ${GRID_PAGE_MAX}`)
    .max(GRID_PAGE_MAX, `must be from 1 to ${GRID_PAGE_MAX}`)
    .default(100),
});
export type BatchGridInput = z.output<typeof batchGridSchema>;

export const batchGridCaseSchema = batchRunIdSchema.extend({ caseId: caseIdSchema });

export type GridRowStatus = 'pending' | 'done' | 'failed';

export interface BatchGridRow extends CaseGrade {
  caseId: string;
  /** From 0, the case's place in the run. */
  position: number;
  /** The first characters of the state, to tell rows apart. */
  preview: string;
  status: GridRowStatus;
  error?: { code: string; message: string; status?: number };
  modelAnswered?: string;
  latencyMs?: number;
  /** The user's mark, comment and label correction, when the case has any. */
  review?: RowReview;
}

export interface BatchGridPage {
  /** Rows that pass the filter (the whole run for `all`). */
  total: number;
  rows: BatchGridRow[];
  /** The revision's questions, for the columns. */
  questions: Question[];
  /** The noul thresholds in force: the set's latest revision's tuning. */
  thresholds: Record<string, number>;
}

/** One case opened from the grid: the single-run view of its result and what it was expected to say. */
export interface BatchGridCase {
  caseId: string;
  position: number;
  state: BatchCase['state'];
  note: string;
  status: GridRowStatus;
  result?: BatchResult;
  /** Present when the case was answered: the result as a single run shows it. */
  opened?: OpenedRun;
  /** The run's revision's questions. */
  questions: Question[];
  /** By question name, as the metrics read them (choice: the option's name). */
  labels: Record<string, Label | undefined>;
  /** The user's mark and comment on this case of this run. */
  review?: CaseReview;
  /** The case's label corrections, oldest first (any run's). */
  labelEdits: LabelEdit[];
  /** The case's expected answers as stored (by index), for correcting one in place. */
  expected?: Record<string, number | boolean>;
}
