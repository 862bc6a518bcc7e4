import type { BinaryCase } from './metric-types';

/** The cases sharing one predicted probability, and how many of them are labelled true and false. */
export interface ScoreGroup {
  p: number;
  positives: number;
  negatives: number;
}

/**
 * The cases grouped by equal p, highest p first: the one sort (O(n log n)) that the threshold
 * sweep, the ROC and precision–recall curves and the AUC all walk. Keeping tied cases together
 * is what makes ties count as half in the AUC and as one step in the curves.
 */
export function scoreGroups(cases: readonly BinaryCase[]): ScoreGroup[] {
  const sorted = [...cases].sort((x, y) => y.p - x.p);
  const groups: ScoreGroup[] = [];
  for (const { p, expected } of sorted) {
    let g = groups[groups.length - 1];
    if (!g || g.p !== p) {
      g = { p, positives: 0, negatives: 0 };
      groups.push(g);
    }
    if (expected) g.positives++;
    else g.negatives++;
  }
  return groups;
}

/** How many cases are labelled true and false. */
export function classTotals(groups: readonly ScoreGroup[]): { positives: number; negatives: number } {
  let positives = 0;
  let negatives = 0;
  for (const g of groups) {
    positives += g.positives;
    negatives += g.negatives;
  }
  return { positives, negatives };
}
