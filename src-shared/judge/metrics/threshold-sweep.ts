import { type BinaryMetrics, metricsFromCounts } from './binary-threshold';
import type { BinaryCase } from './metric-types';
import { classTotals, scoreGroups } from './score-groups';

export interface ThresholdPoint extends BinaryMetrics {
  threshold: number;
}

export interface ThresholdSweep {
  positives: number;
  negatives: number;
  /**
   * One point per distinct predicted probability, ascending by threshold. Any threshold between
   * two of them gives the metrics of the next one up (p >= t changes only at a case's p).
   */
  points: ThresholdPoint[];
}

/**
 * The metrics at every distinct threshold, for a slider: one sort and one sweep from the highest
 * p down, adding each group of tied cases to the predicted-true side, O(n log n) in all.
 */
export function thresholdSweep(cases: readonly BinaryCase[]): ThresholdSweep {
  const groups = scoreGroups(cases);
  const { positives, negatives } = classTotals(groups);
  const points: ThresholdPoint[] = [];
  let tp = 0;
  let fp = 0;
  for (const g of groups) {
    tp += g.positives;
    fp += g.negatives;
    points.push({ threshold: g.p, ...metricsFromCounts({ tp, fp, tn: negatives - fp, fn: positives - tp }) });
  }
  points.reverse();
  return { positives, negatives, points };
}

/**
 * The metrics at any threshold, looked up in a sweep in O(log n): the first point whose
 * threshold is >= t; above every p nothing is predicted true.
 */
export function sweepMetricsAt(sweep: ThresholdSweep, threshold: number): BinaryMetrics {
  const { points } = sweep;
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid].threshold >= threshold) hi = mid;
    else lo = mid + 1;
  }
  if (lo < points.length) {
    const { threshold: _t, ...metrics } = points[lo];
    return metrics;
  }
  return metricsFromCounts({ tp: 0, fp: 0, tn: sweep.negatives, fn: sweep.positives });
}
