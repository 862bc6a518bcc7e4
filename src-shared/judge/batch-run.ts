import { z } from 'zod';
import { setIdSchema } from './question-set';

/**
 * A batch run: one question set revision asked about many cases by one judge model. The row's
 * columns hold what is queried (set, revision, model, state, times); `data` holds the rest.
 */
export const BATCH_RUN_STATES = ['queued', 'running', 'paused', 'cancelled', 'done'] as const;
export type BatchRunState = (typeof BATCH_RUN_STATES)[number];

export const BATCH_CONCURRENCY_MIN = 1;
export const BATCH_CONCURRENCY_MAX = 16;
export const BATCH_CONCURRENCY_DEFAULT = 4;

export const caseIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,120}$/, 'must be 1 to 120 letters, digits, _ . : or -');

/** One case as a source hands it over: its id and the state to judge, as the user wrote it. */
export const batchCaseSchema = z.object({
  id: caseIdSchema,
  state: z.object({
    mode: z.enum(['text', 'json', 'list'], { message: 'must be text, json or list' }),
    text: z.string().max(200_000, 'must be at most 200,000 characters'),
  }),
});
export type BatchCase = z.infer<typeof batchCaseSchema>;

/**
 * Where a run's cases come from, kept with the run so it can go on after a restart: cases given
 * with the run (`inline`), or a source main knows by key (`named`: registered by the code that
 * owns the cases).
 */
export const caseSourceRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('inline'), cases: z.array(batchCaseSchema) }),
  z.object({ kind: z.literal('named'), key: z.string() }),
]);
export type CaseSourceRef = z.infer<typeof caseSourceRefSchema>;

/** Why a run stopped by itself and waits for the user (402: the balance; 401: the key; the network). */
export const pauseReasonSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().optional(),
  at: z.number(),
});
export type PauseReason = z.infer<typeof pauseReasonSchema>;

/** What the user must do about a pause, one kind per next step (the codes are `pauseReasonOf`'s). */
export type PauseKind = 'balance' | 'key' | 'noKey' | 'network' | 'other';

/**
 * The kind of a pause, by its code; the status answers for a reason whose code this version does
 * not know (a 402 is always the balance, a 401 always the key).
 */
export function pauseKind(reason: PauseReason): PauseKind {
  switch (reason.code) {
    case 'payment_required':
      return 'balance';
    case 'unauthorized':
      return 'key';
    case 'no_key':
      return 'noKey';
    case 'network':
      return 'network';
  }
  if (reason.status === 402) return 'balance';
  if (reason.status === 401) return 'key';
  return 'other';
}

export const batchRunDataSchema = z.object({
  /** The concurrency asked for; a 429 lowers the live one for a while, never this. */
  concurrency: z.number().int().min(BATCH_CONCURRENCY_MIN).max(BATCH_CONCURRENCY_MAX),
  totals: z.object({ cases: z.number().int() }),
  /** Input tokens billed and their cost, summed over every answered request (retries included). */
  tokens: z.number(),
  yuan: z.number(),
  /** The versions that answered (the response's `model`), with how many cases each. */
  versions: z.record(z.string(), z.number().int()),
  /** 429s met, for the run's record. */
  rateLimited: z.number().int(),
  pauseReason: pauseReasonSchema.optional(),
  source: caseSourceRefSchema,
});

export const batchRunSchema = batchRunDataSchema.extend({
  id: z.string(),
  setId: setIdSchema,
  setRevision: z.number().int(),
  model: z.string(),
  state: z.enum(BATCH_RUN_STATES),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type BatchRun = z.infer<typeof batchRunSchema>;

export const resultErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().optional(),
  requestId: z.string().optional(),
});

export const batchResultDataSchema = z.object({
  /** Parsed answers (judge-answers.ts), as a single run keeps them. */
  answers: z.array(z.record(z.string(), z.unknown())).optional(),
  modelAnswered: z.string().optional(),
  inputTokens: z.number().optional(),
  latencyMs: z.number().optional(),
  raw: z.string().optional(),
  requestId: z.string().optional(),
  error: resultErrorSchema.optional(),
});

export const batchResultSchema = batchResultDataSchema.extend({
  runId: z.string(),
  caseId: z.string(),
  status: z.enum(['done', 'failed']),
  updatedAt: z.number(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

/** A run as the window lists it: the record (without its inline cases) and its counts. */
export type BatchRunView = Omit<BatchRun, 'source'> & {
  source: 'inline' | 'named';
  done: number;
  failed: number;
};

export interface BatchProgress {
  runId: string;
  state: BatchRunState;
  done: number;
  failed: number;
  total: number;
  tokens: number;
  yuan: number;
  /** The concurrency in force now (lower than asked after a 429). */
  concurrency: number;
  /** Milliseconds to the end at the pace since the run (re)started; undefined before a pace is known. */
  etaMs?: number;
  pauseReason?: PauseReason;
}

export interface BatchEstimate {
  cases: number;
  /** Cases whose state does not read (they will fail without a request). */
  unreadableCases: number;
  inputTokens: number;
  costYuan: number;
  concurrency: number;
  /** Held by the requests in flight: concurrency × the reservation of one request. */
  reservedYuan: number;
  /** The balance to finish without a 402: the estimated cost plus what the last requests hold. */
  balanceNeededYuan: number;
}

export interface BatchResultsPage {
  total: number;
  results: BatchResult[];
}

export interface JudgeBatchEvents {
  /** At most about five a second per run, and at once when its state changes. */
  'judge.batch.progress': BatchProgress;
}
