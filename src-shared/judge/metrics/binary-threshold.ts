import type { BinaryCase } from './metric-types';
import { ratio } from './ratio';

/** Counts at one threshold: a case is predicted true when p >= threshold. */
export interface ConfusionCounts {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

/**
 * The counts with the rates read from them. A rate whose denominator is 0 is undefined, not NaN:
 * precision with nothing predicted true, recall with no true labels, accuracy with no cases.
 */
export interface BinaryMetrics extends ConfusionCounts {
  /** tp / (tp + fp) */
  precision: number | undefined;
  /** tp / (tp + fn) */
  recall: number | undefined;
  /**
   * 2tp / (2tp + fp + fn), the harmonic mean of precision and recall written over the counts, so it
   * is 0 (not undefined) when there are true labels and none is found; undefined only when there are
   * no true labels and nothing is predicted true.
   */
  f1: number | undefined;
  /** (tp + tn) / n */
  accuracy: number | undefined;
}

export function confusionAt(cases: readonly BinaryCase[], threshold: number): ConfusionCounts {
  const c: ConfusionCounts = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (const { p, expected } of cases) {
    if (p >= threshold) {
      if (expected) c.tp++;
      else c.fp++;
    } else if (expected) c.fn++;
    else c.tn++;
  }
  return c;
}

export function metricsFromCounts(c: ConfusionCounts): BinaryMetrics {
  return {
    ...c,
    precision: ratio(c.tp, c.tp + c.fp),
    recall: ratio(c.tp, c.tp + c.fn),
    f1: ratio(2 * c.tp, 2 * c.tp + c.fp + c.fn),
    accuracy: ratio(c.tp + c.tn, c.tp + c.fp + c.tn + c.fn),
  };
}

/** Every metric at one threshold, in one pass: O(n). For many thresholds use thresholdSweep. */
export function binaryMetricsAt(cases: readonly BinaryCase[], threshold: number): BinaryMetrics {
  return metricsFromCounts(confusionAt(cases, threshold));
}
