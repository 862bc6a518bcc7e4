import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  INSTRUCTIONS_MAX,
  MAX_LEVELS,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  type QuestionSetDraft,
  SET_NAME_MAX,
  validateQuestionSet,
} from './question-rules';
import { setTuningSchema } from './set-tuning';

/**
 * Main's zod schemas for question sets. The shape is checked here; the rules themselves come
 * from question-rules.ts (shared with the window), run in a superRefine so every message names
 * its field, e.g. `questions[1].levels: must have 2 to 10 levels`.
 */
export const questionSchema = z.object({
  name: z.string().max(64, 'must be at most 64 characters'),
  type: z.enum(['choice', 'score', 'noul'], { message: 'must be choice, score or noul' }),
  instructions: z.string().max(INSTRUCTIONS_MAX, `must be at most ${INSTRUCTIONS_MAX} characters`),
  options: z
    .array(
      z.object({
        name: z.string().max(64, 'must be at most 64 characters'),
        description: z.string().max(DESCRIPTION_MAX, `must be at most ${DESCRIPTION_MAX} characters`),
      }),
    )
    .max(MAX_OPTIONS, `must have at most ${MAX_OPTIONS} options`)
    .default([]),
  levels: z
    .array(z.string().max(DESCRIPTION_MAX, `must be at most ${DESCRIPTION_MAX} characters`))
    .max(MAX_LEVELS, `must have at most ${MAX_LEVELS} levels`)
    .default([]),
});

const draftShape = z.object({
  name: z.string().max(SET_NAME_MAX, `must be at most ${SET_NAME_MAX} characters`),
  questions: z.array(questionSchema).max(MAX_QUESTIONS, `must have at most ${MAX_QUESTIONS} questions`),
});

function withRules<T extends QuestionSetDraft>(value: T, ctx: z.RefinementCtx) {
  for (const issue of validateQuestionSet(value)) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: pathParts(issue.path) });
  }
}

/** `questions[1].options[0].name` -> ['questions', 1, 'options', 0, 'name'] */
function pathParts(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return out;
}

export const questionSetDraftSchema = draftShape.superRefine(withRules);
export type QuestionSetInput = z.input<typeof questionSetDraftSchema>;

export const setIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be a saved question set id');

export const setRevisionSchema = z.object({
  revision: z.number().int().positive(),
  savedAt: z.number(),
  questions: z.array(questionSchema),
  /** Thresholds and minimums tuned on labelled cases; revisions saved before tuning have none. */
  tuning: setTuningSchema.optional(),
});
export type SetRevision = z.infer<typeof setRevisionSchema>;

/** A saved set: every save appends a revision, so a run can show the set as it was. */
export const storedSetSchema = z.object({
  id: setIdSchema,
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  revisions: z.array(setRevisionSchema).min(1),
});
export type StoredSet = z.infer<typeof storedSetSchema>;

export interface SetSummary {
  id: string;
  name: string;
  updatedAt: number;
  questionCount: number;
  revision: number;
}

export interface RevisionSummary {
  revision: number;
  savedAt: number;
  questionCount: number;
}

/** One revision of a set, read-only: how the set was when a run used it. */
export interface SetAtRevision {
  id: string;
  name: string;
  revision: SetRevision;
  latestRevision: number;
}

export function latestRevision(set: StoredSet): SetRevision {
  return set.revisions[set.revisions.length - 1];
}

export function summarize(set: StoredSet): SetSummary {
  const latest = latestRevision(set);
  return {
    id: set.id,
    name: set.name,
    updatedAt: set.updatedAt,
    questionCount: latest.questions.length,
    revision: latest.revision,
  };
}
