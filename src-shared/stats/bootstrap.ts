import type { IntervalGap } from './interval-types';
import { sortedQuantile } from './percentile';
import { checkConfidence, checkCount, checkPositiveCount } from './stat-checks';
import { MAX_SEED, seededRandom } from './seeded-random';

/**
 * A seeded percentile bootstrap over row indices: any metric that can be computed on a list of
 * rows can be resampled, with the resamples, seed and bound stated in the result, so the same
 * call gives the same interval anywhere. Plain data in and out, and a generator that yields
 * between resamples, so a worker thread can run it in slices, report progress and stop.
 * docs/architecture.md, "Statistics".
 */

/**
 * A metric over the rows at these indices (repeats allowed: a resample draws with replacement).
 * The array is reused between calls: read it, do not keep it. Undefined when the metric has no
 * value on these rows (an AUC drawn with no positive case).
 */
export type RowMetric = (rows: Uint32Array) => number | undefined;

export interface BootstrapOptions {
  /** Resamples asked for; 1,000 by default. */
  resamples?: number;
  /** The seed of the xoshiro128** stream; 1 by default. */
  seed?: number;
  /** 0.95 by default. */
  confidence?: number;
  /**
   * The bound on the work: resamples × rows draws at most (20,000,000 by default). Past it the
   * resamples are cut to fit, and stated; fewer than `minResamples` and there is no interval.
   */
  maxDraws?: number;
  /** The fewest resamples with a value an interval is read from; 100 by default. */
  minResamples?: number;
  /** Checked between resamples; once aborted the run ends with reason 'stopped'. */
  signal?: { readonly aborted: boolean };
}

export const BOOTSTRAP_DEFAULTS = {
  resamples: 1000,
  seed: 1,
  confidence: 0.95,
  maxDraws: 20_000_000,
  minResamples: 100,
} as const;

/** What every bootstrap result states, interval or not. */
export interface BootstrapRun {
  method: 'percentile';
  /** The metric on all the rows, in their order. */
  estimate: number | undefined;
  rows: number;
  seed: number;
  confidence: number;
  requestedResamples: number;
  /** Resamples drawn (fewer than requested when the draw bound cut them or the run stopped). */
  resamples: number;
  /** Drawn resamples on which the metric had no value; the interval is read from the others. */
  emptyResamples: number;
  /** Set when `maxDraws` cut the resamples. */
  limitedBy?: 'maxDraws';
}

export type BootstrapInterval = BootstrapRun &
  (
    | { estimate: number; lower: number; upper: number; reason?: undefined }
    | { lower: undefined; upper: undefined; reason: IntervalGap }
  );

export interface BootstrapProgress {
  done: number;
  total: number;
}

/** A bootstrap's checked options and the resamples its draw budget allows (shared by the paired many). */
export interface BootstrapPlan {
  rows: number;
  seed: number;
  confidence: number;
  requested: number;
  total: number;
  minResamples: number;
  limitedBy?: 'maxDraws';
  signal?: { readonly aborted: boolean };
}

export function bootstrapPlan(rows: number, options: BootstrapOptions): BootstrapPlan {
  const o = { ...BOOTSTRAP_DEFAULTS, ...options };
  checkCount('rows', rows, 0x100000000);
  checkPositiveCount('resamples', o.resamples);
  checkCount('seed', o.seed, MAX_SEED);
  checkConfidence(o.confidence);
  checkPositiveCount('maxDraws', o.maxDraws);
  checkPositiveCount('minResamples', o.minResamples);
  const fit = rows === 0 ? o.resamples : Math.floor(o.maxDraws / rows);
  const total = Math.min(o.resamples, fit);
  return {
    rows,
    seed: o.seed,
    confidence: o.confidence,
    requested: o.resamples,
    total,
    minResamples: o.minResamples,
    ...(total < o.resamples ? { limitedBy: 'maxDraws' as const } : {}),
    signal: options.signal,
  };
}

export function bootstrapRunFacts(
  p: BootstrapPlan,
  estimate: number | undefined,
  resamples: number,
  empty: number,
): BootstrapRun {
  return {
    method: 'percentile',
    estimate,
    rows: p.rows,
    seed: p.seed,
    confidence: p.confidence,
    requestedResamples: p.requested,
    resamples,
    emptyResamples: empty,
    ...(p.limitedBy ? { limitedBy: p.limitedBy } : {}),
  };
}

export function intervalGap(run: BootstrapRun, reason: IntervalGap): BootstrapInterval {
  return { ...run, lower: undefined, upper: undefined, reason };
}

/**
 * The bootstrap as a generator: it yields its progress every `slice` resamples and returns the
 * interval. A worker drives it in slices (awaiting between them, so a cancel message is heard);
 * `bootstrapInterval` drives it in one go.
 */
export function* bootstrapSteps(
  rows: number,
  metric: RowMetric,
  options: BootstrapOptions = {},
  slice = 50,
): Generator<BootstrapProgress, BootstrapInterval, void> {
  checkPositiveCount('slice', slice);
  const p = bootstrapPlan(rows, options);
  const indices = new Uint32Array(rows);
  for (let i = 0; i < rows; i++) indices[i] = i;
  if (rows === 0) return intervalGap(bootstrapRunFacts(p, undefined, 0, 0), 'noCases');
  const estimate = metric(indices);
  if (estimate === undefined || Number.isNaN(estimate))
    return intervalGap(bootstrapRunFacts(p, undefined, 0, 0), 'noEstimate');
  if (p.total < p.minResamples) return intervalGap(bootstrapRunFacts(p, estimate, 0, 0), 'overBudget');

  const random = seededRandom(p.seed);
  const values = new Float64Array(p.total);
  let kept = 0;
  let done = 0;
  while (done < p.total) {
    if (p.signal?.aborted) return intervalGap(bootstrapRunFacts(p, estimate, done, done - kept), 'stopped');
    for (let i = 0; i < rows; i++) indices[i] = random.nextIndex(rows);
    const value = metric(indices);
    if (value !== undefined && !Number.isNaN(value)) values[kept++] = value;
    done++;
    if (done % slice === 0 && done < p.total) yield { done, total: p.total };
  }
  const run = bootstrapRunFacts(p, estimate, done, done - kept);
  if (kept < p.minResamples) return intervalGap(run, 'tooFewResamples');
  const sorted = values.subarray(0, kept).sort();
  const alpha = 1 - p.confidence;
  const lower = sortedQuantile(sorted, alpha / 2)!;
  const upper = sortedQuantile(sorted, 1 - alpha / 2)!;
  return { ...run, estimate, lower, upper };
}

/** Runs the bootstrap to its end, reporting progress every `slice` resamples. */
export function bootstrapInterval(
  rows: number,
  metric: RowMetric,
  options: BootstrapOptions = {},
  onProgress?: (progress: BootstrapProgress) => void,
  slice = 50,
): BootstrapInterval {
  const steps = bootstrapSteps(rows, metric, options, slice);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
  }
}

/**
 * Several metrics bootstrapped over the same rows on one stream of resamples: each resample's
 * indices are drawn once and every metric reads them, so k metrics cost one draw per resample,
 * not k (the draw is most of the work at 100,000 rows). Each result equals what `bootstrapSteps`
 * gives for that metric alone with the same options: the indices depend only on the seed and
 * the row count.
 */
export function* bootstrapSetSteps<K extends string>(
  rows: number,
  metrics: Readonly<Record<K, RowMetric>>,
  options: BootstrapOptions = {},
  slice = 50,
): Generator<BootstrapProgress, Record<K, BootstrapInterval>, void> {
  checkPositiveCount('slice', slice);
  const p = bootstrapPlan(rows, options);
  const names = Object.keys(metrics) as K[];
  const result = {} as Record<K, BootstrapInterval>;
  const indices = new Uint32Array(rows);
  for (let i = 0; i < rows; i++) indices[i] = i;
  const live: { name: K; estimate: number; values: Float64Array; kept: number }[] = [];
  for (const name of names) {
    if (rows === 0) result[name] = intervalGap(bootstrapRunFacts(p, undefined, 0, 0), 'noCases');
    else {
      const estimate = metrics[name](indices);
      if (estimate === undefined || Number.isNaN(estimate))
        result[name] = intervalGap(bootstrapRunFacts(p, undefined, 0, 0), 'noEstimate');
      else if (p.total < p.minResamples)
        result[name] = intervalGap(bootstrapRunFacts(p, estimate, 0, 0), 'overBudget');
      else live.push({ name, estimate, values: new Float64Array(p.total), kept: 0 });
    }
  }
  if (live.length === 0) return result;
  const random = seededRandom(p.seed);
  let done = 0;
  while (done < p.total) {
    if (p.signal?.aborted) {
      for (const m of live)
        result[m.name] = intervalGap(bootstrapRunFacts(p, m.estimate, done, done - m.kept), 'stopped');
      return result;
    }
    for (let i = 0; i < rows; i++) indices[i] = random.nextIndex(rows);
    for (const m of live) {
      const value = metrics[m.name](indices);
      if (value !== undefined && !Number.isNaN(value)) m.values[m.kept++] = value;
    }
    done++;
    if (done % slice === 0 && done < p.total) yield { done, total: p.total };
  }
  const alpha = 1 - p.confidence;
  for (const m of live) {
    const run = bootstrapRunFacts(p, m.estimate, done, done - m.kept);
    if (m.kept < p.minResamples) {
      result[m.name] = intervalGap(run, 'tooFewResamples');
      continue;
    }
    const sorted = m.values.subarray(0, m.kept).sort();
    const lower = sortedQuantile(sorted, alpha / 2)!;
    const upper = sortedQuantile(sorted, 1 - alpha / 2)!;
    result[m.name] = { ...run, estimate: m.estimate, lower, upper };
  }
  return result;
}
