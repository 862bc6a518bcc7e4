import { z } from 'zod';
import { CASE_NOTE_MAX, CASES_PER_SET_MAX } from './case-answers';
import { stateInputSchema } from './judge-inputs';
import { MAX_OPTIONS, MAX_QUESTIONS, QUESTION_NAME_RE, RESERVED_NAMES } from './question-rules';
import { setIdSchema } from './question-set';

/**
 * Test cases of a question set (table `judge_cases`, docs/architecture.md "Judge test cases"):
 * a state and the answers expected for it. The stored schema is lenient: answers are not
 * checked against the set, whose questions may have changed since the case was written, and
 * fields a case saved before them lacks take their defaults. The inputs are strict.
 */
export const caseIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be a saved test case id');

/** A state as the judge is sent it (spec §2.4): text, a list of texts, or a JSON object. */
export const stateValueSchema = z.union([z.string(), z.array(z.string()), z.record(z.string(), z.unknown())]);

export const judgeCaseDataSchema = z.object({
  state: stateValueSchema,
  /** Keyed by question name: option or level index (from 0), or true/false for a noul. */
  expected: z.record(z.string(), z.union([z.number(), z.boolean()])).default({}),
  note: z.string().default(''),
});

/** A stored case: `data` (above) plus its columns. */
export const judgeCaseSchema = judgeCaseDataSchema.extend({
  id: z.string(),
  setId: z.string(),
  position: z.number().int(),
  updatedAt: z.number(),
});
export type JudgeCase = z.infer<typeof judgeCaseSchema>;

const questionKey = z
  .string()
  .regex(QUESTION_NAME_RE, 'must be a question name')
  .refine((k) => !RESERVED_NAMES.includes(k), 'must be a question name');

/** By index, as the form holds them; checked against the set's questions in main. */
const expectedInputSchema = z
  .record(
    questionKey,
    z.union(
      [
        z
          .number()
          .int('must be a whole number')
          .min(0, 'must be 0 or more')
          .max(MAX_OPTIONS - 1, `must be at most ${MAX_OPTIONS - 1}`),
        z.boolean(),
      ],
      { message: 'must be an option or level index, or true/false' },
    ),
  )
  .refine((o) => Object.keys(o).length <= MAX_QUESTIONS, `must have at most ${MAX_QUESTIONS} answers`);

const caseFields = {
  /** As typed in the form; parsed like a run's state (state-input.ts). */
  state: stateInputSchema,
  expected: expectedInputSchema.default({}),
  note: z
    .string()
    .max(CASE_NOTE_MAX, `must be at most ${CASE_NOTE_MAX.toLocaleString('en')} characters`)
    .default(''),
};

export const addCaseSchema = z.object({ setId: setIdSchema, ...caseFields });
export const editCaseSchema = z.object({ id: caseIdSchema, ...caseFields });
export type CaseInput = z.output<typeof addCaseSchema>;

export const CASE_PAGE_MAX = 500;
export const CASE_FILTER_MAX = 200;

const filterSchema = z
  .string()
  .max(CASE_FILTER_MAX, `must be at most ${CASE_FILTER_MAX} characters`)
  .optional();

export const listCasesSchema = z.object({
  setId: setIdSchema,
  offset: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(CASES_PER_SET_MAX, `must be at most ${CASES_PER_SET_MAX.toLocaleString('en')}`)
    .default(0),
  limit: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(CASE_PAGE_MAX, `must be at most ${CASE_PAGE_MAX}`)
    .default(100),
  /** Matches the state's text (a JSON state's JSON) or the note, any case. */
  filter: filterSchema,
});

export const countCasesSchema = z.object({ setId: setIdSchema, filter: filterSchema });

export const caseIdsSchema = z.object({
  ids: z
    .array(caseIdSchema)
    .min(1, 'must name at least one case')
    .max(CASES_PER_SET_MAX, `must name at most ${CASES_PER_SET_MAX.toLocaleString('en')} cases`),
});
