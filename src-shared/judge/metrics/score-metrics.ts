import { confusionMatrix } from './confusion-matrix';
import type { ScoreCase } from './metric-types';
import { argmax, expectedLevel } from './probabilities';
import { mean, ratio } from './ratio';
import { spearman } from './rank-correlation';

/** The level decided: the most probable, the lowest on a tie (see argmax). */
export function chosenLevel(c: Pick<ScoreCase, 'probabilities'>): number {
  return argmax(c.probabilities);
}

/** The fraction of cases whose most probable level is the expected one. */
export function exactAgreement(cases: readonly ScoreCase[]): number | undefined {
  let n = 0;
  for (const c of cases) if (chosenLevel(c) === c.expected) n++;
  return ratio(n, cases.length);
}

/** The fraction whose most probable level is at most one level from the expected one. */
export function withinOneAgreement(cases: readonly ScoreCase[]): number | undefined {
  let n = 0;
  for (const c of cases) if (Math.abs(chosenLevel(c) - c.expected) <= 1) n++;
  return ratio(n, cases.length);
}

/** Mean |argmax level − expected level|, in levels. */
export function maeOfChosenLevel(cases: readonly ScoreCase[]): number | undefined {
  return mean(cases.map((c) => Math.abs(chosenLevel(c) - c.expected)));
}

/** Mean |Σ i·p_i − expected level|, the expected value on normalised probabilities. */
export function maeOfExpectedValue(cases: readonly ScoreCase[]): number | undefined {
  return mean(cases.map((c) => Math.abs(expectedLevel(c.probabilities) - c.expected)));
}

/**
 * Spearman's correlation between the expected level and the answer's expected value Σ i·p_i
 * (average ranks for ties); undefined for fewer than 2 cases or when either side is constant.
 */
export function scoreSpearman(cases: readonly ScoreCase[]): number | undefined {
  return spearman(
    cases.map((c) => c.expected),
    cases.map((c) => expectedLevel(c.probabilities)),
  );
}

/** matrix[expected level][argmax level], levelCount × levelCount. */
export function scoreConfusion(cases: readonly ScoreCase[], levelCount: number): number[][] {
  return confusionMatrix(
    cases.map((c) => ({ expected: c.expected, chosen: chosenLevel(c) })),
    levelCount,
  );
}

export interface ScoreSummary {
  count: number;
  exact: number | undefined;
  withinOne: number | undefined;
  maeChosen: number | undefined;
  maeExpectedValue: number | undefined;
  spearman: number | undefined;
}

export function scoreSummary(cases: readonly ScoreCase[]): ScoreSummary {
  return {
    count: cases.length,
    exact: exactAgreement(cases),
    withinOne: withinOneAgreement(cases),
    maeChosen: maeOfChosenLevel(cases),
    maeExpectedValue: maeOfExpectedValue(cases),
    spearman: scoreSpearman(cases),
  };
}
