import { type ClassPrecisionRecall, confusionMatrix, perClassPrecisionRecall } from './confusion-matrix';
import type { ChoiceCase } from './metric-types';
import { argmax, normalise } from './probabilities';
import { mean, ratio } from './ratio';

/** Log loss clips probabilities to [1e-15, 1], so a confident miss costs about 34.5, not Infinity. */
export const LOG_LOSS_EPSILON = 1e-15;

/** The option decided: the most probable, the lowest index on a tie (see argmax). */
export function chosenOption(c: Pick<ChoiceCase, 'probabilities'>): number {
  return argmax(c.probabilities);
}

/** The fraction of cases whose most probable option is the expected one; undefined with no cases. */
export function choiceAccuracy(cases: readonly ChoiceCase[]): number | undefined {
  let correct = 0;
  for (const c of cases) if (chosenOption(c) === c.expected) correct++;
  return ratio(correct, cases.length);
}

/** matrix[expected][chosen] over the question's options. */
export function choiceConfusion(cases: readonly ChoiceCase[], optionCount: number): number[][] {
  return confusionMatrix(
    cases.map((c) => ({ expected: c.expected, chosen: chosenOption(c) })),
    optionCount,
  );
}

export function choicePrecisionRecall(
  cases: readonly ChoiceCase[],
  optionCount: number,
): ClassPrecisionRecall[] {
  return perClassPrecisionRecall(choiceConfusion(cases, optionCount));
}

/**
 * Mean −ln p(expected). The probabilities are first divided by their sum (a no-op when they sum
 * to 1; an all-zero answer reads as uniform), then the expected option's is clipped to [1e-15, 1].
 */
export function logLoss(cases: readonly ChoiceCase[]): number | undefined {
  return mean(
    cases.map((c) => {
      const p = normalise(c.probabilities)[c.expected] ?? 0;
      return -Math.log(Math.min(1, Math.max(LOG_LOSS_EPSILON, p)));
    }),
  );
}

/**
 * Multi-class Brier score: mean over cases of Σ_i (p_i − y_i)², y one-hot on the expected option,
 * on the normalised probabilities. 0 is perfect, 2 is a confident miss; undefined with no cases.
 */
export function brierScore(cases: readonly ChoiceCase[]): number | undefined {
  return mean(
    cases.map((c) =>
      normalise(c.probabilities).reduce((sum, p, i) => sum + (p - (i === c.expected ? 1 : 0)) ** 2, 0),
    ),
  );
}

export interface ChoiceSummary {
  count: number;
  accuracy: number | undefined;
  logLoss: number | undefined;
  brier: number | undefined;
}

export function choiceSummary(cases: readonly ChoiceCase[]): ChoiceSummary {
  return {
    count: cases.length,
    accuracy: choiceAccuracy(cases),
    logLoss: logLoss(cases),
    brier: brierScore(cases),
  };
}
