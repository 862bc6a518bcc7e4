import { z } from 'zod';
import { BATCH_CONCURRENCY_MAX, BATCH_CONCURRENCY_MIN, type PauseReason } from '../judge/batch-run';
import { evalIdSchema } from './eval-definition';
import { DATASET_ROWS_MAX, REPEATS_MAX } from './eval-limits';
import type { EvalCell, EvalRun, EvalRunState } from './eval-run';
import { partIdSchema } from './eval-schema-parts';

/**
 * What the window reads of an eval's runs (docs/architecture.md, "Evals"): the
 * routes' inputs, zod-checked in main with messages that name the field, and what they answer.
 */

/** Cells' rows read at once by `evals.runs.cells`. */
export const CELLS_PAGE_ROWS_MAX = 200;
/**
 * Cells a page carries at most: summarising 3,200 took 30–37 ms of main's CPU (load 8 on 2 cores),
 * so a run with many cells per row (4 × 4 columns × 10 samples) is read fewer rows at a time.
 */
export const CELLS_PAGE_CELLS_MAX = 2_000;
/** The start of a reply a page of cells carries; the whole reply comes with `evals.runs.cell`. */
export const CELL_REPLY_PREVIEW = 300;
/** The start of each variable a page of cells carries. */
export const CELL_VARIABLE_PREVIEW = 120;

export const EVAL_CELL_MARKS = ['good', 'bad'] as const;
export type EvalCellMark = (typeof EVAL_CELL_MARKS)[number];

export const evalRunIdSchema = z
  .string({ error: 'must be an eval run id' })
  .regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be an eval run id');

const concurrency = z
  .number({ error: `must be a whole number from ${BATCH_CONCURRENCY_MIN} to ${BATCH_CONCURRENCY_MAX}` })
  .int(`must be a whole number from ${BATCH_CONCURRENCY_MIN} to ${BATCH_CONCURRENCY_MAX}`)
  .min(BATCH_CONCURRENCY_MIN, `must be from ${BATCH_CONCURRENCY_MIN} to ${BATCH_CONCURRENCY_MAX}`)
  .max(BATCH_CONCURRENCY_MAX, `must be from ${BATCH_CONCURRENCY_MIN} to ${BATCH_CONCURRENCY_MAX}`);

const rowPosition = z
  .number({ error: 'must be a row position' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(DATASET_ROWS_MAX - 1, `must be less than ${DATASET_ROWS_MAX.toLocaleString('en')}`);

export const evalRunStartSchema = z.object({ id: evalIdSchema, concurrency });
export const evalRunByIdSchema = z.object({ runId: evalRunIdSchema });
export const evalRunResumeSchema = evalRunByIdSchema.extend({ concurrency });
export const evalRunListSchema = z.object({ id: evalIdSchema });

export const evalCellsPageSchema = z.union(
  [
    evalRunByIdSchema.extend({
      from: rowPosition,
      limit: z
        .number({ error: 'must be a number of rows' })
        .int('must be a whole number')
        .min(1, `must be from 1 to ${CELLS_PAGE_ROWS_MAX}`)
        .max(CELLS_PAGE_ROWS_MAX, `must be from 1 to ${CELLS_PAGE_ROWS_MAX}`),
    }),
    evalRunByIdSchema.extend({
      rows: z
        .array(rowPosition, { error: 'must be a list of row positions' })
        .min(1, 'must name at least 1 row')
        .max(CELLS_PAGE_ROWS_MAX, `must name at most ${CELLS_PAGE_ROWS_MAX} rows`),
    }),
  ],
  { error: 'must be {runId, from, limit} or {runId, rows}' },
);
export type EvalCellsPageInput = z.output<typeof evalCellsPageSchema>;

export const evalCellKeySchema = evalRunByIdSchema.extend({
  row: rowPosition,
  variantId: partIdSchema('a variant id'),
  targetId: partIdSchema('a target id'),
  sample: z
    .number({ error: 'must be a sample number' })
    .int('must be a whole number')
    .min(0, `must be from 0 to ${REPEATS_MAX - 1}`)
    .max(REPEATS_MAX - 1, `must be from 0 to ${REPEATS_MAX - 1}`),
});
export type EvalCellKey = z.output<typeof evalCellKeySchema>;

export const evalCellMarkSchema = evalCellKeySchema.extend({
  mark: z.enum(EVAL_CELL_MARKS, { error: 'must be good, bad or null' }).nullable(),
});

/** A run as the list shows it: its state, counts and why it waits. */
export interface EvalRunView extends Omit<EvalRun, 'spec'> {
  done: number;
  failed: number;
  /** Variant and target names, for the matrix's headers. */
  variants: { id: string; name: string }[];
  targets: { id: string; profileId: string; model: string }[];
  repeats: number;
  pauseReason?: PauseReason;
  state: EvalRunState;
}

/** A grader's answer as a chip: the choice, the score's level (from 0) or the noul probability. */
export interface GradeChip {
  name: string;
  kind: string;
  choice?: string;
  position?: number;
  noul?: number;
}

/** One cell of a page: enough for the matrix, never the whole reply. */
export interface EvalCellSummary {
  variantId: string;
  targetId: string;
  sample: number;
  state: EvalCell['state'];
  /** The reply's first CELL_REPLY_PREVIEW characters; `replyChars` is its whole length. */
  replyPreview?: string;
  replyChars?: number;
  fromCache?: boolean;
  checks: { pass: number; fail: number; unknown: number };
  grades?: GradeChip[];
  similarity?: number;
  latencyMs?: number;
  tokensIn?: number;
  tokensOut?: number;
  costYuan?: number;
  mark?: EvalCellMark;
  errorCode?: string;
}

export interface EvalCellsRow {
  position: number;
  /** Each variable's first CELL_VARIABLE_PREVIEW characters. */
  variables: Record<string, string>;
  expected?: string;
  /** Only the cells with a result, by variant, target and sample. */
  cells: EvalCellSummary[];
}

export interface EvalCellsPage {
  rows: EvalCellsRow[];
  /** The run's rows. */
  total: number;
}

/** One cell whole, with the request it sent, for the cell view and its View code. */
export interface EvalCellDetail {
  cell: EvalCell;
  mark?: EvalCellMark;
  /** The exact body sent (undefined when the row's variables leave the prompt incomplete). */
  request?: { body: unknown; baseUrl: string; model: string; profileId: string };
}

/**
 * Before a run: what it will send and what is known of its cost. Counted by the judge's tokenizer
 * (the gateway's own are not published): estimates, which the gateway's `usage` replaces.
 */
export interface EvalRunEstimate {
  cells: number;
  /** Chat calls: the cells whose exact request no done cell of the eval's runs answered. */
  chatCalls: number;
  /** Cells the cache answers (their reply is copied, nothing sent). */
  cachedCells: number;
  /** Cells whose prompt misses a variable: they fail without being sent. */
  incompleteCells: number;
  /**
   * One per cell with a prompt, when the eval has a grader. An upper bound: a cached reply that
   * the same grader graded keeps its grades.
   */
  judgeCalls: number;
  /** Replies and each row's reference, when the eval has a similarity check (an upper bound, as above). */
  embeddingInputs: number;
  /** The prompts' messages, summed over every cell (the cache's included). */
  promptTokens: number;
  /** The judge's input over `judgeCalls`: envelope, questions and each row's state without its reply. */
  judgeInputTokens: number;
  /**
   * The judge's cost at its published price (judge-estimate.ts) for `judgeInputTokens`: the
   * replies, unknown before the run, add to it. Null without a grader.
   */
  judgeYuan: number | null;
  /** `judgeYuan` plus what the judge requests in flight reserve at the run's concurrency. */
  balanceYuan: number | null;
  /**
   * The chat calls' ideal time at the concurrency, in seconds: `chatCalls` ÷ concurrency × the
   * mean reply time of the eval's earlier sent cells. Null without such a cell. The judge's and
   * the embeddings' time are not in it (a cell does not store them).
   */
  idealChatSeconds: number | null;
  /** Unknown: the app has no chat or embeddings prices (a gateway's `usage.cost` is in its own unit). */
  chatYuan: null;
  embeddingsYuan: null;
}

/** A run's progress event: the run's counts, and this session's sent / cached. */
export interface EvalRunProgress {
  runId: string;
  evalId: string;
  state: EvalRunState;
  total: number;
  done: number;
  failed: number;
  /** Replies this session took from a done cell of the same request instead of sending. */
  cached: number;
  /** Replies this session received from the target. */
  sent: number;
  /** 429s met this session. */
  rateLimited: number;
  concurrency: number;
  pauseReason?: PauseReason;
}

/** Main -> every window: at most one per run per 200 ms, and at once when its state changes. */
export interface EvalEvents {
  'evals.run.progress': EvalRunProgress;
}
