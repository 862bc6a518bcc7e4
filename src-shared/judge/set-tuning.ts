import { z } from 'zod';
import { MAX_QUESTIONS } from './question-rules';

/**
 * What a user tunes on a question set after proving it on labelled cases, saved with the set's
 * revision (docs/architecture.md, "Judge thresholds"): the value at or above which a noul answer
 * counts as true, per question, and the minimums a run must reach (the command line gates on them).
 */
export const DEFAULT_THRESHOLD = 0.5;

const unit = (what: string) =>
  z
    .number({ message: `${what} must be a number from 0 to 1` })
    .min(0, `${what} must be from 0 to 1`)
    .max(1, `${what} must be from 0 to 1`);

/** A misspelt key (`min_auc`) is refused by name, never dropped: a dropped minimum gates nothing. */
const onlyKnownKeys = {
  error: (iss: { code?: string; keys?: string[] }) =>
    iss.code === 'unrecognized_keys'
      ? `has no field ${iss.keys?.map((k) => `“${k}”`).join(', ')}`
      : undefined,
};

export const setTuningSchema = z.strictObject(
  {
    /** By noul question name. A question without one uses DEFAULT_THRESHOLD. */
    thresholds: z
      .record(z.string().max(64, 'must be a question name'), unit('a threshold'))
      .refine((t) => Object.keys(t).length <= MAX_QUESTIONS, `must hold at most ${MAX_QUESTIONS} thresholds`)
      .default({}),
    minimums: z
      .strictObject(
        {
          /** Every question's accuracy (noul at its threshold, choice and score by their top answer). */
          accuracy: unit('the minimum accuracy').optional(),
          /** Every noul question's ROC AUC. */
          auc: unit('the minimum AUC').optional(),
        },
        onlyKnownKeys,
      )
      .default({}),
  },
  onlyKnownKeys,
);
export type SetTuning = z.output<typeof setTuningSchema>;

export const EMPTY_TUNING: SetTuning = { thresholds: {}, minimums: {} };

/** The threshold a noul question's answers are read at. */
export function thresholdFor(tuning: SetTuning | undefined, question: string): number {
  const t = tuning?.thresholds[question];
  return typeof t === 'number' ? t : DEFAULT_THRESHOLD;
}

/** A noul value read at a threshold: true at or above it. */
export const noulVerdict = (value: number, threshold: number): boolean => value >= threshold;
