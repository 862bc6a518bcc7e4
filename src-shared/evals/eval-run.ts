import { z } from 'zod';
import { pauseReasonSchema } from '../judge/batch-run';
import { evalSpecSchema } from './eval-definition';

/**
 * An eval's runs and their cells as stored (tables `eval_runs`, `eval_cells`; docs/architecture.md
 * "Evals"). A run keeps the definition it was started with, so editing the eval
 * later never changes what an earlier run means.
 */
export const EVAL_RUN_STATES = ['queued', 'running', 'paused', 'cancelled', 'done'] as const;
export type EvalRunState = (typeof EVAL_RUN_STATES)[number];

export const planSummarySchema = z.object({
  rows: z.number().int(),
  variants: z.number().int(),
  targets: z.number().int(),
  repeats: z.number().int(),
  columns: z.number().int(),
  cells: z.number().int(),
  judgeCalls: z.number().int(),
  embeddingInputs: z.number().int(),
});

/** What the `data` column holds. */
export const evalRunDataSchema = z.object({
  spec: evalSpecSchema,
  plan: planSummarySchema,
});

export const evalRunSchema = evalRunDataSchema.extend({
  id: z.string(),
  evalId: z.string(),
  state: z.enum(EVAL_RUN_STATES),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Why a paused run waits (its `pause_reason` column, migration 12); absent otherwise. */
  pauseReason: pauseReasonSchema.optional(),
});
export type EvalRun = z.infer<typeof evalRunSchema>;

export const EVAL_CELL_STATES = ['done', 'failed'] as const;
export type EvalCellState = (typeof EVAL_CELL_STATES)[number];

export const evalReplySchema = z.object({
  text: z.string(),
  finishReason: z.string().optional(),
  /** The model that answered, when the gateway said (it may differ from the one asked). */
  model: z.string().optional(),
  /** The reply was not sent for: it is the stored reply of the same request (the cache). */
  fromCache: z.object({ runId: z.string() }).optional(),
});
export type EvalReply = z.infer<typeof evalReplySchema>;

export const cellCheckSchema = z.object({
  kind: z.string(),
  pass: z.boolean().nullable(),
  reason: z.string(),
});

export const cellErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().optional(),
  requestId: z.string().optional(),
});

/** One cell's result, written alone as it arrives (a failed cell has `error` and no reply). */
export const evalCellSchema = z.object({
  runId: z.string(),
  row: z.number().int().min(0),
  variantId: z.string(),
  targetId: z.string(),
  sample: z.number().int().min(0),
  /** requestCacheKey of the exact request (src-main/core/evals/request-cache-key.ts). */
  cacheKey: z.string(),
  state: z.enum(EVAL_CELL_STATES),
  reply: evalReplySchema.optional(),
  latencyMs: z.number().optional(),
  tokensIn: z.number().int().optional(),
  tokensOut: z.number().int().optional(),
  costYuan: z.number().optional(),
  checks: z.array(cellCheckSchema).optional(),
  /** The judge's parsed answers (judge-answers.ts), as a batch result keeps them. */
  grades: z.array(z.record(z.string(), z.unknown())).optional(),
  /** Cosine similarity to the row's reference, when the eval has that check. */
  similarity: z.number().optional(),
  error: cellErrorSchema.optional(),
  updatedAt: z.number(),
});
export type EvalCell = z.infer<typeof evalCellSchema>;
