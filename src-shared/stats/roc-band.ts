import type { IntervalGap } from './interval-types';
import {
  type BootstrapOptions,
  type BootstrapProgress,
  bootstrapPlan,
  type BootstrapPlan,
} from './bootstrap';
import { sortedQuantile } from './percentile';
import { seededRandom } from './seeded-random';
import { checkPositiveCount } from './stat-checks';
import type { ScoredCase } from './threshold-cross-validation';

/**
 * A pointwise bootstrap band around a ROC curve, by vertical averaging (Fawcett 2006, "An
 * introduction to ROC analysis", §8): every resample's curve is read at the same false positive
 * rates, and each rate gets the percentile interval of the true positive rates read there. Plain
 * numbers on a fixed grid, so what goes to the window is small whatever the run's size.
 * docs/architecture.md, "Statistics".
 */

/** The grid's points: false positive rates 0, 0.02, …, 1. */
export const ROC_BAND_POINTS = 51;

interface BandFacts {
  method: 'percentile';
  rows: number;
  seed: number;
  confidence: number;
  requestedResamples: number;
  resamples: number;
  /** Resamples drawn without a positive or a negative case: no curve, left out. */
  emptyResamples: number;
  limitedBy?: 'maxDraws';
}

export type RocBand = BandFacts &
  (
    | {
        /** Ascending from 0 to 1. */
        fpr: number[];
        /** The true positive rate's percentile bounds at each fpr. */
        lower: number[];
        upper: number[];
        reason?: undefined;
      }
    | { reason: IntervalGap }
  );

/**
 * The cases' groups of tied p, highest first, and each case as (group · 2 + label), so a resample
 * counts its draws into the groups in one pass and the curve is walked group by group.
 */
function tiedGroups(cases: readonly ScoredCase[]): { code: Uint32Array; groups: number } {
  const order = cases.map((_, i) => i).sort((a, b) => cases[b].p - cases[a].p);
  const code = new Uint32Array(cases.length);
  let groups = 0;
  order.forEach((i, k) => {
    if (k > 0 && cases[i].p !== cases[order[k - 1]].p) groups++;
    code[i] = groups * 2 + (cases[i].expected ? 1 : 0);
  });
  return { code, groups: cases.length === 0 ? 0 : groups + 1 };
}

/**
 * The ROC curve through the groups' weighted counts, read at each grid rate: the curve runs
 * straight across a group of tied p (its cases cannot be told apart), and at a rate where it
 * rises straight up the highest true positive rate there counts. Writes `out`; false when a class
 * has no weight.
 */
function curveOnGrid(
  pos: Float64Array,
  neg: Float64Array,
  grid: readonly number[],
  out: Float64Array,
): boolean {
  let positives = 0;
  let negatives = 0;
  for (let g = 0; g < pos.length; g++) {
    positives += pos[g];
    negatives += neg[g];
  }
  if (positives === 0 || negatives === 0) return false;
  let j = 0;
  let f0 = 0;
  let t0 = 0;
  let tp = 0;
  let fp = 0;
  for (let g = 0; g < pos.length && j < grid.length; g++) {
    tp += pos[g];
    fp += neg[g];
    const f1 = fp / negatives;
    const t1 = tp / positives;
    // Grid rates on [f0, f1): on this segment. A vertical one (f1 = f0) holds none.
    while (j < grid.length && grid[j] < f1) {
      out[j] = t0 + ((t1 - t0) * (grid[j] - f0)) / (f1 - f0);
      j++;
    }
    f0 = f1;
    t0 = t1;
  }
  while (j < grid.length) out[j++] = 1;
  return true;
}

/** The false positive rates of a grid of `points` (at least 2), evenly from 0 to 1. */
export function rocGrid(points = ROC_BAND_POINTS): number[] {
  if (!Number.isSafeInteger(points) || points < 2)
    throw new RangeError(`points must be a whole number of at least 2, got ${points}`);
  return Array.from({ length: points }, (_, i) => i / (points - 1));
}

/** The curve of every case, read at the grid (what the band is drawn around); undefined without both classes. */
export function rocOnGrid(cases: readonly ScoredCase[], points = ROC_BAND_POINTS): number[] | undefined {
  const grid = rocGrid(points);
  const { code, groups } = tiedGroups(cases);
  const pos = new Float64Array(groups);
  const neg = new Float64Array(groups);
  for (const c of code) (c & 1 ? pos : neg)[c >>> 1]++;
  const out = new Float64Array(points);
  return curveOnGrid(pos, neg, grid, out) ? Array.from(out) : undefined;
}

const facts = (p: BootstrapPlan, resamples: number, empty: number): BandFacts => ({
  method: 'percentile',
  rows: p.rows,
  seed: p.seed,
  confidence: p.confidence,
  requestedResamples: p.requested,
  resamples,
  emptyResamples: empty,
  ...(p.limitedBy ? { limitedBy: p.limitedBy } : {}),
});

/**
 * The band as a generator yielding its progress every `slice` resamples, bounded like every
 * bootstrap here (`maxDraws`; see bootstrap.ts). Each resample draws the rows the seed gives
 * (`nextIndex`'s rejection, inlined), counts them into the tied groups and walks them: O(n) a
 * resample, the sort done once.
 */
export function* rocBandSteps(
  cases: readonly ScoredCase[],
  options: BootstrapOptions & { points?: number } = {},
  slice = 50,
): Generator<BootstrapProgress, RocBand, void> {
  checkPositiveCount('slice', slice);
  const n = cases.length;
  const p = bootstrapPlan(n, options);
  const grid = rocGrid(options.points);
  if (n === 0) return { ...facts(p, 0, 0), reason: 'noCases' };
  const { code, groups } = tiedGroups(cases);
  const pos = new Float64Array(groups);
  const neg = new Float64Array(groups);
  const curve = new Float64Array(grid.length);
  for (const c of code) (c & 1 ? pos : neg)[c >>> 1]++;
  if (!curveOnGrid(pos, neg, grid, curve)) return { ...facts(p, 0, 0), reason: 'noEstimate' };
  if (p.total < p.minResamples) return { ...facts(p, 0, 0), reason: 'overBudget' };

  const random = seededRandom(p.seed);
  const floor = 0x100000000 % n;
  // Column by grid point, so each is sorted in place at the end.
  const values = new Float64Array(grid.length * p.total);
  let kept = 0;
  let done = 0;
  while (done < p.total) {
    if (p.signal?.aborted) return { ...facts(p, done, done - kept), reason: 'stopped' };
    pos.fill(0);
    neg.fill(0);
    for (let i = 0; i < n; i++) {
      let r = random.nextUint32();
      while (r < floor) r = random.nextUint32();
      const c = code[r % n];
      (c & 1 ? pos : neg)[c >>> 1]++;
    }
    if (curveOnGrid(pos, neg, grid, curve)) {
      for (let j = 0; j < grid.length; j++) values[j * p.total + kept] = curve[j];
      kept++;
    }
    done++;
    if (done % slice === 0 && done < p.total) yield { done, total: p.total };
  }
  const run = facts(p, done, done - kept);
  if (kept < p.minResamples) return { ...run, reason: 'tooFewResamples' };
  const alpha = 1 - p.confidence;
  const lower: number[] = [];
  const upper: number[] = [];
  for (let j = 0; j < grid.length; j++) {
    const column = values.subarray(j * p.total, j * p.total + kept).sort();
    lower.push(sortedQuantile(column, alpha / 2)!);
    upper.push(sortedQuantile(column, 1 - alpha / 2)!);
  }
  return { ...run, fpr: grid, lower, upper };
}
