import type { BootstrapInterval, CasesToSettle, DifferenceVerdict, McNemarResult } from '../stats';

/**
 * "Is the difference real?" for one question of a drift (docs/architecture.md, "Judge agreement
 * and drift"): paired statistics on the cases both runs answered and that carry the same label in
 * both, so each case is its own control. Kept apart from `QuestionDrift`'s own fields so the
 * agreement's intervals and these can change without touching each other.
 */

/** The metrics a drift resamples: accuracy for every type, and the type's own headline beside it. */
export type PairedMetric = 'accuracy' | 'auc' | 'maeExpectedValue';

/**
 * The headline metric of each question type: noul AUC (threshold-free), choice accuracy (the
 * argmax against the label), score the mean error of the expected level in levels.
 */
export const HEADLINE_METRIC: Readonly<Record<'noul' | 'choice' | 'score', PairedMetric>> = {
  noul: 'auc',
  choice: 'accuracy',
  score: 'maeExpectedValue',
};

/** Metrics where a fall is an improvement. */
export const LOWER_IS_BETTER: ReadonlySet<PairedMetric> = new Set(['maeExpectedValue']);

/** One metric's B − A from the paired bootstrap, its verdict and the cases that would settle it. */
export interface PairedMetricDelta {
  metric: PairedMetric;
  /** The question type's headline metric (`HEADLINE_METRIC`). */
  headline: boolean;
  /** The metric on all the paired cases, in A and in B. */
  a: number | undefined;
  b: number | undefined;
  /** B − A: estimate, 95 % interval, resamples, seed and bound, as the bootstrap states them. */
  delta: BootstrapInterval;
  verdict: DifferenceVerdict;
  /** Labelled cases at which a difference this size would be found (80 % power, alpha 0.05). */
  casesToSettle: CasesToSettle;
}

export interface PairedDriftStats {
  /** Cases both runs answered and labelled alike: what every figure below reads. */
  cases: number;
  /**
   * McNemar's exact test on right/wrong against the label (noul at the threshold in force,
   * choice and score by the most probable answer): aOnly is right in A only, bOnly in B only.
   */
  flips: McNemarResult;
  /** Labelled cases at which this share of flips would settle the test (Connor's approximation). */
  flipsToSettle: CasesToSettle;
  /** Accuracy first, then the headline metric when it is another. */
  deltas: PairedMetricDelta[];
}

/** What a question of a drift adds when its paired statistics were computed (optional: older cached drifts lack it). */
export interface QuestionDriftPaired {
  paired?: PairedDriftStats;
}
