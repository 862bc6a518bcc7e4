/**
 * Ranks 1..n in the order of the values; tied values share the average of the ranks they span
 * (two values tied for 2nd and 3rd both get 2.5), the usual rule for Spearman's correlation.
 */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const ranks = new Array<number>(values.length);
  let start = 0;
  while (start < order.length) {
    let end = start + 1;
    while (end < order.length && values[order[end]] === values[order[start]]) end++;
    // Positions start..end-1 hold ranks start+1..end, whose average is (start + 1 + end) / 2.
    const rank = (start + 1 + end) / 2;
    for (let j = start; j < end; j++) ranks[order[j]] = rank;
    start = end;
  }
  return ranks;
}

/** Pearson's correlation; undefined for fewer than 2 pairs or when either side is constant. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | undefined {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return undefined;
  // Checked exactly: the mean of n equal values, summed as x/n, can miss them by a rounding,
  // leaving a tiny spread that would read as a perfect correlation.
  const constant = (vs: readonly number[]) => vs.slice(0, n).every((v) => v === vs[0]);
  if (constant(xs) || constant(ys)) return undefined;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i] / n;
    my += ys[i] / n;
  }
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return undefined;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** Spearman's rank correlation: Pearson's over average ranks. Undefined for constant input. */
export function spearman(xs: readonly number[], ys: readonly number[]): number | undefined {
  return pearson(averageRanks(xs), averageRanks(ys));
}
