import { checkProportion } from './stat-checks';

/**
 * The q-quantile of values already sorted ascending, by linear interpolation between the order
 * statistics at position (n − 1)·q (Hyndman and Fan's type 7, the default of R and NumPy), so a
 * percentile interval reads the same here as in those tools. Undefined for no values.
 */
export function sortedQuantile(sorted: ArrayLike<number>, q: number): number | undefined {
  checkProportion('q', q);
  const n = sorted.length;
  if (n === 0) return undefined;
  const h = (n - 1) * q;
  const below = Math.floor(h);
  const above = Math.min(below + 1, n - 1);
  return sorted[below] + (h - below) * (sorted[above] - sorted[below]);
}
