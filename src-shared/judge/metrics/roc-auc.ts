import type { BinaryCase } from './metric-types';
import { classTotals, scoreGroups } from './score-groups';

/** Why a curve or AUC has no value: it needs at least one case of each label. */
export type MissingClass = 'noCases' | 'noPositives' | 'noNegatives';

export const MISSING_CLASS_MESSAGES: Readonly<Record<MissingClass, string>> = {
  noCases: 'no labelled, answered cases',
  noPositives: 'no case is labelled true, so the true-positive rate is undefined',
  noNegatives: 'no case is labelled false, so the false-positive rate is undefined',
};

export function missingClass(positives: number, negatives: number): MissingClass | undefined {
  if (positives + negatives === 0) return 'noCases';
  if (positives === 0) return 'noPositives';
  if (negatives === 0) return 'noNegatives';
  return undefined;
}

export interface RocPoint {
  /** The threshold giving this point; absent on the first point, (0, 0), where nothing is predicted true. */
  threshold?: number;
  fpr: number;
  tpr: number;
}

export type RocCurve = { points: RocPoint[]; reason?: undefined } | { points: []; reason: MissingClass };

export type AucResult = { auc: number; reason?: undefined } | { auc: undefined; reason: MissingClass };

/**
 * ROC points from (0, 0) to (1, 1), one per distinct threshold, highest first. Tied cases move
 * the curve in one diagonal step, which is what gives ties half credit in the area.
 */
export function rocCurve(cases: readonly BinaryCase[]): RocCurve {
  const groups = scoreGroups(cases);
  const { positives, negatives } = classTotals(groups);
  const reason = missingClass(positives, negatives);
  if (reason) return { points: [], reason };
  const points: RocPoint[] = [{ fpr: 0, tpr: 0 }];
  let tp = 0;
  let fp = 0;
  for (const g of groups) {
    tp += g.positives;
    fp += g.negatives;
    points.push({ threshold: g.p, fpr: fp / negatives, tpr: tp / positives });
  }
  return { points };
}

/**
 * The area under the ROC curve: the fraction of (true, false) pairs in which the true case has the
 * higher p, a tie counting half. Summed per group of tied p in one sweep, O(n log n): each false
 * case beats no one and loses to every true case above it, and splits the tied true cases.
 */
export function rocAuc(cases: readonly BinaryCase[]): AucResult {
  const groups = scoreGroups(cases);
  const { positives, negatives } = classTotals(groups);
  const reason = missingClass(positives, negatives);
  if (reason) return { auc: undefined, reason };
  let ordered = 0;
  let positivesAbove = 0;
  for (const g of groups) {
    ordered += g.negatives * (positivesAbove + g.positives / 2);
    positivesAbove += g.positives;
  }
  return { auc: ordered / (positives * negatives) };
}
