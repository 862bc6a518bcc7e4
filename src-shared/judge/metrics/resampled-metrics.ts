import type { RowMetric } from '../../stats';
import type { ConfidencePoint } from './calibration';
import type { BinaryCase } from './metric-types';

/**
 * The judge metrics as the bootstrap resamples them (docs/architecture.md, "Judge metrics with
 * intervals"): each is built once from the cases, then read on a resample's row indices in one
 * pass over the rows, O(n), with no sort: a resample of 100,000 cases must cost about a
 * millisecond. On the identity resample each gives exactly the plain metric's value.
 */

/** The mean of a per-case value (MAE, log loss, Brier) over the resampled rows. */
export function resampledMean(values: Float64Array): RowMetric {
  return (rows) => {
    if (rows.length === 0) return undefined;
    let sum = 0;
    for (let i = 0; i < rows.length; i++) sum += values[rows[i]];
    return sum / rows.length;
  };
}

/** How many times each case is drawn: the resample as weights, for the metrics that need order. */
function weightsOf(rows: Uint32Array, weights: Uint32Array): Uint32Array {
  weights.fill(0);
  for (let i = 0; i < rows.length; i++) weights[rows[i]]++;
  return weights;
}

/**
 * The cases in descending p, cut into runs of tied p: the order rocAuc sweeps, found once, so a
 * resample only re-weighs it.
 */
function tiedGroupsByP(cases: readonly BinaryCase[]): { order: Uint32Array; starts: number[] } {
  const order = Uint32Array.from(cases.keys()).sort((a, b) => cases[b].p - cases[a].p);
  const starts: number[] = [];
  for (let i = 0; i < order.length; i++)
    if (i === 0 || cases[order[i]].p !== cases[order[i - 1]].p) starts.push(i);
  starts.push(order.length);
  return { order, starts };
}

/** The AUC (ties half) of the resampled cases; undefined when a resample holds one label only. */
export function resampledAuc(cases: readonly BinaryCase[]): RowMetric {
  const { order, starts } = tiedGroupsByP(cases);
  const positive = Uint8Array.from(cases, (c) => (c.expected ? 1 : 0));
  const weights = new Uint32Array(cases.length);
  return (rows) => {
    const w = weightsOf(rows, weights);
    let ordered = 0;
    let positivesAbove = 0;
    let negatives = 0;
    for (let g = 0; g + 1 < starts.length; g++) {
      let pos = 0;
      let neg = 0;
      for (let i = starts[g]; i < starts[g + 1]; i++) {
        const c = order[i];
        if (positive[c]) pos += w[c];
        else neg += w[c];
      }
      ordered += neg * (positivesAbove + pos / 2);
      positivesAbove += pos;
      negatives += neg;
    }
    return positivesAbove === 0 || negatives === 0 ? undefined : ordered / (positivesAbove * negatives);
  };
}

/** The expected calibration error over `binCount` equal-width bins, as reliabilityDiagram reads it. */
export function resampledEce(points: readonly ConfidencePoint[], binCount = 10): RowMetric {
  const bin = Uint16Array.from(points, (p) =>
    Math.min(binCount - 1, Math.max(0, Math.floor(p.confidence * binCount + 1e-9))),
  );
  const confidence = Float64Array.from(points, (p) => p.confidence);
  const correct = Uint8Array.from(points, (p) => (p.correct ? 1 : 0));
  const counts = new Float64Array(binCount);
  const sums = new Float64Array(binCount);
  const hits = new Float64Array(binCount);
  return (rows) => {
    if (rows.length === 0) return undefined;
    counts.fill(0);
    sums.fill(0);
    hits.fill(0);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      counts[bin[r]]++;
      sums[bin[r]] += confidence[r];
      hits[bin[r]] += correct[r];
    }
    let gap = 0;
    for (let b = 0; b < binCount; b++) if (counts[b] > 0) gap += Math.abs(hits[b] - sums[b]);
    return gap / rows.length;
  };
}

/**
 * Spearman's correlation of the resampled pairs (average ranks for ties, as spearman() does):
 * xs are whole levels 0..k-1, ranked by counting; ys are ranked along their order found once.
 */
/** How many of `weights` are above zero. */
function present(weights: Float64Array): number {
  let count = 0;
  for (const weight of weights) if (weight > 0) count++;
  return count;
}

export function resampledSpearman(levels: readonly number[], ys: readonly number[], k: number): RowMetric {
  const n = levels.length;
  const order = Uint32Array.from(ys.keys()).sort((a, b) => ys[a] - ys[b]);
  const group = new Uint32Array(n);
  const groupStarts: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i === 0 || ys[order[i]] !== ys[order[i - 1]]) groupStarts.push(i);
    group[order[i]] = groupStarts.length - 1;
  }
  const groups = groupStarts.length;
  const weights = new Uint32Array(n);
  const groupWeight = new Float64Array(groups);
  const yRank = new Float64Array(groups);
  const levelWeight = new Float64Array(k);
  const xRank = new Float64Array(k);
  return (rows) => {
    const w = weightsOf(rows, weights);
    groupWeight.fill(0);
    levelWeight.fill(0);
    for (let c = 0; c < n; c++) {
      groupWeight[group[c]] += w[c];
      levelWeight[levels[c]] += w[c];
    }
    const rank = (weight: Float64Array, out: Float64Array) => {
      let before = 0;
      for (let g = 0; g < weight.length; g++) {
        out[g] = before + (weight[g] + 1) / 2;
        before += weight[g];
      }
    };
    rank(groupWeight, yRank);
    rank(levelWeight, xRank);
    const m = rows.length;
    if (m < 2) return undefined;
    // One level or one group drawn is no variance: said outright, since the sums below would
    // leave a rounding residue (ranks 3.5 weighted 4, 1, 1 of 6 do not average to 3.5 exactly)
    // and read that as a correlation of ±1.
    if (present(levelWeight) < 2 || present(groupWeight) < 2) return undefined;
    let mx = 0;
    let my = 0;
    for (let c = 0; c < n; c++) {
      if (w[c] === 0) continue;
      mx += w[c] * xRank[levels[c]];
      my += w[c] * yRank[group[c]];
    }
    mx /= m;
    my /= m;
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let c = 0; c < n; c++) {
      if (w[c] === 0) continue;
      const dx = xRank[levels[c]] - mx;
      const dy = yRank[group[c]] - my;
      sxy += w[c] * dx * dy;
      sxx += w[c] * dx * dx;
      syy += w[c] * dy * dy;
    }
    if (sxx === 0 || syy === 0) return undefined;
    return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
  };
}
