/** The shapes every interval of the statistics module shares (docs/architecture.md, "Statistics"). */

/** A two-sided interval around an estimate, at a confidence such as 0.95. */
export interface Interval {
  estimate: number;
  lower: number;
  upper: number;
  confidence: number;
}

/**
 * Why a statistic has no interval: no cases; the statistic itself is undefined on the cases (an
 * AUC with no positives); too few resamples had a value; the resamples × rows bound leaves fewer
 * resamples than the minimum; or the caller stopped it.
 */
export type IntervalGap = 'noCases' | 'noEstimate' | 'tooFewResamples' | 'overBudget' | 'stopped';
