import type { BinaryCase } from './metric-types';
import type { MissingClass } from './roc-auc';
import { classTotals, scoreGroups } from './score-groups';

export interface PrPoint {
  threshold: number;
  recall: number;
  precision: number;
}

export type PrCurve =
  | { points: PrPoint[]; reason?: undefined }
  | { points: []; reason: Extract<MissingClass, 'noCases' | 'noPositives'> };

/**
 * Precision–recall points, one per distinct threshold, highest first (recall rising). No point
 * is invented at recall 0: every point is a threshold a user could pick. Precision is always
 * defined here (each threshold predicts at least its own group true); recall needs a true label.
 */
export function precisionRecallCurve(cases: readonly BinaryCase[]): PrCurve {
  const groups = scoreGroups(cases);
  const { positives, negatives } = classTotals(groups);
  if (positives + negatives === 0) return { points: [], reason: 'noCases' };
  if (positives === 0) return { points: [], reason: 'noPositives' };
  const points: PrPoint[] = [];
  let tp = 0;
  let fp = 0;
  for (const g of groups) {
    tp += g.positives;
    fp += g.negatives;
    points.push({ threshold: g.p, recall: tp / positives, precision: tp / (tp + fp) });
  }
  return { points };
}
