import type { IntervalGap } from './interval-types';
import {
  type BootstrapOptions,
  type BootstrapProgress,
  type BootstrapRun,
  bootstrapPlan,
  type BootstrapPlan,
} from './bootstrap';
import { sortedQuantile } from './percentile';
import { seededRandom } from './seeded-random';
import { checkPositiveCount } from './stat-checks';
import type { ScoredCase } from './threshold-cross-validation';

/**
 * Pointwise bootstrap bands around a ROC curve and a precision–recall curve, by vertical averaging
 * (Fawcett 2006, "An introduction to ROC analysis", §8): every resample's curves are read at the
 * same x (false positive rate; recall), and each x gets the percentile interval of the y read
 * there. Both curves come from one draw per resample. Plain numbers on a fixed grid, so what goes
 * to the window is small whatever the run's size. docs/architecture.md, "Statistics".
 */

/** The grid's points: x = 0, 0.02, …, 1. */
export const BAND_POINTS = 51;

/**
 * How a band was drawn: a bootstrap run's facts without its single estimate (a band has a curve
 * per resample). `emptyResamples` are those drawn without a positive or a negative case: no
 * curve, left out.
 */
type BandFacts = Omit<BootstrapRun, 'estimate'>;

/** A band: y's percentile bounds at each x of the grid. */
export type CurveBand = BandFacts &
  (
    | {
        /** Ascending from 0 to 1: the false positive rate (ROC) or the recall (PR). */
        x: number[];
        /** The true positive rate (ROC) or the precision (PR). */
        lower: number[];
        upper: number[];
        reason?: undefined;
      }
    | { reason: IntervalGap }
  );

export interface CurveBands {
  roc: CurveBand;
  pr: CurveBand;
}

/**
 * The cases' groups of tied p, highest first, and each case as (group · 2 + label), so a resample
 * counts its draws into the groups in one pass and the curves are walked group by group.
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
 * Both curves through the groups' weighted counts, read at each grid x, into `roc` and `pr`.
 * ROC: straight across a group of tied p (its cases cannot be told apart); where the curve rises
 * straight up, the highest true positive rate there. PR: the precision at the highest threshold
 * whose recall reaches x (what asking for at least that recall gives). False when a class has no
 * weight.
 */
function curvesOnGrid(
  pos: Float64Array,
  neg: Float64Array,
  grid: readonly number[],
  roc: Float64Array,
  pr: Float64Array,
): boolean {
  let positives = 0;
  let negatives = 0;
  for (let g = 0; g < pos.length; g++) {
    positives += pos[g];
    negatives += neg[g];
  }
  if (positives === 0 || negatives === 0) return false;
  let j = 0;
  let k = 0;
  let f0 = 0;
  let t0 = 0;
  let tp = 0;
  let fp = 0;
  for (let g = 0; g < pos.length; g++) {
    // A group no draw fell in moves neither curve (and has no precision of its own).
    if (pos[g] + neg[g] === 0) continue;
    tp += pos[g];
    fp += neg[g];
    const f1 = fp / negatives;
    const t1 = tp / positives;
    // Grid rates on [f0, f1): on this segment. A vertical one (f1 = f0) holds none.
    while (j < grid.length && grid[j] < f1) {
      roc[j] = t0 + ((t1 - t0) * (grid[j] - f0)) / (f1 - f0);
      j++;
    }
    const precision = tp / (tp + fp);
    while (k < grid.length && grid[k] <= t1) pr[k++] = precision;
    f0 = f1;
    t0 = t1;
  }
  while (j < grid.length) roc[j++] = 1;
  return true;
}

/** The x of a grid of `points` (at least 2), evenly from 0 to 1. */
export function bandGrid(points = BAND_POINTS): number[] {
  if (!Number.isSafeInteger(points) || points < 2)
    throw new RangeError(`points must be a whole number of at least 2, got ${points}`);
  return Array.from({ length: points }, (_, i) => i / (points - 1));
}

/** Both curves of every case read at the grid (what the bands are drawn around); undefined without both classes. */
export function curvesOnBandGrid(
  cases: readonly ScoredCase[],
  points = BAND_POINTS,
): { roc: number[]; pr: number[] } | undefined {
  const grid = bandGrid(points);
  const { code, groups } = tiedGroups(cases);
  const pos = new Float64Array(groups);
  const neg = new Float64Array(groups);
  for (const c of code) (c & 1 ? pos : neg)[c >>> 1]++;
  const roc = new Float64Array(points);
  const pr = new Float64Array(points);
  return curvesOnGrid(pos, neg, grid, roc, pr) ? { roc: Array.from(roc), pr: Array.from(pr) } : undefined;
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

const both = (band: CurveBand): CurveBands => ({ roc: band, pr: band });

/** Sorts each grid point's column of values and reads its percentile bounds. */
function bounds(values: Float64Array, stride: number, kept: number, points: number, confidence: number) {
  const alpha = 1 - confidence;
  const lower: number[] = [];
  const upper: number[] = [];
  for (let j = 0; j < points; j++) {
    const column = values.subarray(j * stride, j * stride + kept).sort();
    lower.push(sortedQuantile(column, alpha / 2)!);
    upper.push(sortedQuantile(column, 1 - alpha / 2)!);
  }
  return { lower, upper };
}

/**
 * The bands as a generator yielding its progress every `slice` resamples, bounded like every
 * bootstrap here (`maxDraws`; see bootstrap.ts). Each resample draws the rows the seed gives
 * (`nextIndex`'s rejection, inlined, so the draws are `bootstrapSteps`'s for the same seed and
 * rows), counts them into the tied groups and walks them once for both curves: O(n) a resample,
 * the sort done once.
 */
export function* curveBandSteps(
  cases: readonly ScoredCase[],
  options: BootstrapOptions & { points?: number } = {},
  slice = 50,
): Generator<BootstrapProgress, CurveBands, void> {
  checkPositiveCount('slice', slice);
  const n = cases.length;
  const p = bootstrapPlan(n, options);
  const grid = bandGrid(options.points);
  if (n === 0) return both({ ...facts(p, 0, 0), reason: 'noCases' });
  const { code, groups } = tiedGroups(cases);
  const pos = new Float64Array(groups);
  const neg = new Float64Array(groups);
  const roc = new Float64Array(grid.length);
  const pr = new Float64Array(grid.length);
  for (const c of code) (c & 1 ? pos : neg)[c >>> 1]++;
  if (!curvesOnGrid(pos, neg, grid, roc, pr)) return both({ ...facts(p, 0, 0), reason: 'noEstimate' });
  if (p.total < p.minResamples) return both({ ...facts(p, 0, 0), reason: 'overBudget' });

  const random = seededRandom(p.seed);
  const floor = 0x100000000 % n;
  // Column by grid point, so each is sorted in place at the end.
  const rocValues = new Float64Array(grid.length * p.total);
  const prValues = new Float64Array(grid.length * p.total);
  let kept = 0;
  let done = 0;
  while (done < p.total) {
    if (p.signal?.aborted) return both({ ...facts(p, done, done - kept), reason: 'stopped' });
    pos.fill(0);
    neg.fill(0);
    for (let i = 0; i < n; i++) {
      let r = random.nextUint32();
      while (r < floor) r = random.nextUint32();
      const c = code[r % n];
      (c & 1 ? pos : neg)[c >>> 1]++;
    }
    if (curvesOnGrid(pos, neg, grid, roc, pr)) {
      for (let j = 0; j < grid.length; j++) {
        rocValues[j * p.total + kept] = roc[j];
        prValues[j * p.total + kept] = pr[j];
      }
      kept++;
    }
    done++;
    if (done % slice === 0 && done < p.total) yield { done, total: p.total };
  }
  const run = facts(p, done, done - kept);
  if (kept < p.minResamples) return both({ ...run, reason: 'tooFewResamples' });
  return {
    roc: { ...run, x: grid, ...bounds(rocValues, p.total, kept, grid.length, p.confidence) },
    pr: { ...run, x: grid, ...bounds(prValues, p.total, kept, grid.length, p.confidence) },
  };
}
