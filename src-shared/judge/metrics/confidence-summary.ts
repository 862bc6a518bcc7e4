import type { ConfidencePoint } from './calibration';
import { ratio } from './ratio';

export interface ConfidenceGroup {
  count: number;
  /** undefined when the group is empty. */
  meanConfidence: number | undefined;
}

/**
 * Confidence vs correctness: the mean confidence of right and of wrong answers. A judge whose
 * confidence means something is surer when right; `gap` (correct − incorrect) is undefined
 * unless both groups have cases.
 */
export interface ConfidenceSummary {
  correct: ConfidenceGroup;
  incorrect: ConfidenceGroup;
  gap: number | undefined;
}

export function confidenceVsCorrectness(points: readonly ConfidencePoint[]): ConfidenceSummary {
  const sum = { right: 0, wrong: 0 };
  const n = { right: 0, wrong: 0 };
  for (const { confidence, correct } of points) {
    const k = correct ? 'right' : 'wrong';
    sum[k] += confidence;
    n[k]++;
  }
  const correct = { count: n.right, meanConfidence: ratio(sum.right, n.right) };
  const incorrect = { count: n.wrong, meanConfidence: ratio(sum.wrong, n.wrong) };
  const gap =
    correct.meanConfidence === undefined || incorrect.meanConfidence === undefined
      ? undefined
      : correct.meanConfidence - incorrect.meanConfidence;
  return { correct, incorrect, gap };
}
