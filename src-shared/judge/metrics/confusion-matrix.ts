import { ratio } from './ratio';

const isIndex = (i: number, k: number) => Number.isInteger(i) && i >= 0 && i < k;

/**
 * matrix[expected][chosen], k × k. An index outside 0..k-1 is a caller's bug (label-pairing.ts
 * only passes options and levels of the question), so it throws rather than being dropped silently.
 */
export function confusionMatrix(
  pairs: Iterable<{ expected: number; chosen: number }>,
  k: number,
): number[][] {
  const matrix = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const { expected, chosen } of pairs) {
    if (!isIndex(expected, k) || !isIndex(chosen, k))
      throw new RangeError(
        `confusion matrix of ${k}: index out of range (expected ${expected}, chosen ${chosen})`,
      );
    matrix[expected][chosen]++;
  }
  return matrix;
}

export interface ClassPrecisionRecall {
  /** Cases whose label is this class (the row sum). */
  support: number;
  /** Cases decided as this class (the column sum). */
  predicted: number;
  /** Correct / predicted; undefined when the class was never chosen. */
  precision: number | undefined;
  /** Correct / support; undefined when no case is labelled this class. */
  recall: number | undefined;
}

/** Per-class precision and recall read from a confusion matrix (rows expected, columns chosen). */
export function perClassPrecisionRecall(matrix: readonly (readonly number[])[]): ClassPrecisionRecall[] {
  return matrix.map((row, i) => {
    const support = row.reduce((s, v) => s + v, 0);
    const predicted = matrix.reduce((s, r) => s + r[i], 0);
    return {
      support,
      predicted,
      precision: ratio(row[i], predicted),
      recall: ratio(row[i], support),
    };
  });
}
