import { z } from 'zod';
import { batchRunIdSchema } from './batch-inputs';
import { caseIdSchema } from './judge-case';
import { QUESTION_NAME_RE } from './question-rules';

/**
 * The review of a batch run's results (docs/architecture.md, "Review in the results"): the
 * user's agree / disagree with the judge on a case, a comment, and labels corrected in place.
 */
export const REVIEW_VERDICTS = ['agree', 'disagree'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];
export const REVIEW_COMMENT_MAX = 2000;

export interface CaseReview {
  verdict?: ReviewVerdict;
  comment: string;
  updatedAt: number;
}

/** One correction of a saved case's expected answer, made from a run's results. */
export interface LabelEdit {
  id: number;
  caseId: string;
  /** The run whose results it was corrected from. */
  runId?: string;
  question: string;
  /** The stored answer (option or level index, or true/false); undefined when it had none. */
  before?: number | boolean;
  after: number | boolean;
  /** The OS user's name (there is no login), or "you" when the OS gives none. */
  who: string;
  at: number;
}

/** What the grid shows of a case's review. */
export interface RowReview {
  verdict?: ReviewVerdict;
  commented: boolean;
  corrected: boolean;
}

export const reviewMarkSchema = batchRunIdSchema.extend({
  caseId: caseIdSchema,
  /** null clears it; left out keeps the case's verdict. */
  verdict: z.enum(REVIEW_VERDICTS, { message: 'must be agree, disagree or null' }).nullable().optional(),
  /** '' clears it; left out keeps the case's comment. */
  comment: z
    .string({ message: 'must be text' })
    .max(REVIEW_COMMENT_MAX, `must be at most ${REVIEW_COMMENT_MAX} characters`)
    .optional(),
});
export type ReviewMarkInput = z.output<typeof reviewMarkSchema>;

export const correctLabelSchema = batchRunIdSchema.extend({
  caseId: caseIdSchema,
  question: z.string().regex(QUESTION_NAME_RE, 'must be a question name'),
  /** An option or level index, or true/false for a noul; checked against the run's questions. */
  value: z.union([z.number().int('must be a whole number').min(0, 'must be 0 or more'), z.boolean()], {
    message: 'must be an option or level index, or true/false',
  }),
});
export type CorrectLabelInput = z.output<typeof correctLabelSchema>;
