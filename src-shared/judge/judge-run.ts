import { z } from 'zod';
import { storedExtraSchema } from '../request/extra-body-schema';
import type { Question } from './question-rules';
import { setIdSchema } from './question-set';

/** One run, as saved in the set's history: enough to show it again exactly as it was. */
export const judgeRunSchema = z.object({
  id: z.string(),
  setId: setIdSchema,
  setRevision: z.number().int(),
  createdAt: z.number(),
  state: z.object({ mode: z.enum(['text', 'json', 'list']), text: z.string() }),
  modelAsked: z.string(),
  /** Extra body fields sent with the run (runs saved before them have none). */
  extra: storedExtraSchema,
  modelAnswered: z.string().optional(),
  /** Parsed answers (see judge-answers.ts); kept as parsed so old runs display unchanged. */
  answers: z.array(z.record(z.string(), z.unknown())),
  /** Answers for names not in the set, raw (older runs have none). */
  extraAnswers: z.array(z.object({ name: z.string(), raw: z.string() })).optional(),
  usage: z.object({ inputTokens: z.number().optional(), outputTokens: z.number().optional() }),
  costYuan: z.number().optional(),
  latencyMs: z.number(),
  raw: z.string(),
  /** The gateway's request id header (runs saved before it was kept have none). */
  requestId: z.string().optional(),
});
export type StoredJudgeRun = z.infer<typeof judgeRunSchema>;

/** A run with the questions of the set revision it used: all the window needs to show it. */
export interface OpenedRun {
  run: StoredJudgeRun;
  questions: Question[];
}

export interface RunSummary {
  id: string;
  setId: string;
  setRevision: number;
  createdAt: number;
  modelAsked: string;
  modelAnswered?: string;
  inputTokens?: number;
  statePreview: string;
}
