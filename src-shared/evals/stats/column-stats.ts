import { type IntervalGap, seededRandom, sortedQuantile, wilsonInterval } from '../../stats';
import { type ColumnData, type MetricRows, rowMean } from './column-accumulator';
import type { ColumnRef } from './stats-cell';

/**
 * A column's header figures (docs/architecture.md, "Evals: statistics"), each with its 95 %
 * interval. Repeats are repeats: a row's samples are averaged first and the interval is taken
 * over rows — Wilson when every row is one sample of a 0/1 value, else a seeded bootstrap of the
 * mean of the row means (a cluster bootstrap: a row and all its samples are drawn together).
 */
export interface StatsOptions {
  /** 0.95 by default. */
  confidence?: number;
  /** The bootstrap's seed (1) and resamples (1,000); its draws are bound to 20,000,000. */
  seed?: number;
  resamples?: number;
  maxDraws?: number;
}

export interface Figure {
  /** Undefined when no row has a value (then no interval either, `reason` says why). */
  estimate: number | undefined;
  lower: number | undefined;
  upper: number | undefined;
  confidence: number;
  /** Rows with a value, and the samples they hold. */
  rows: number;
  samples: number;
  method: 'wilson' | 'clusterBootstrap';
  /** The bootstrap's seed and resamples drawn, stated so the interval can be drawn again. */
  seed?: number;
  resamples?: number;
  reason?: IntervalGap;
}

export type QuestionStats =
  | { name: string; kind: 'noul'; passRate: Figure }
  | { name: string; kind: 'score'; mean: Figure }
  | { name: string; kind: 'choice'; shares: { option: string; share: Figure }[] };

export interface ColumnStats {
  column: ColumnRef;
  /** Rows with any cell, cells stored, done and errored (failed: no reply). */
  rows: number;
  cells: number;
  done: number;
  errored: number;
  /** Mean over rows of the share of a row's samples that passed every check that could be checked. */
  checks: Figure;
  questions: QuestionStats[];
  latency: { p50: number | undefined; p95: number | undefined; cells: number };
  /** Null when a done cell's cost is unknown (`unknownCells` say how many) or nothing is done. */
  cost: { total: number | null; perCell: number | null; unknownCells: number };
}

const DEFAULTS = { confidence: 0.95, seed: 1, resamples: 1000, maxDraws: 20_000_000 };

/** The row means of a metric over the rows that have it (ratios of two sums per row). */
export function metricRowMeans(
  m: MetricRows,
  sums: Float64Array = m.sums,
): { means: Float64Array; samples: number } {
  let rows = 0;
  let samples = 0;
  for (let i = 0; i < m.counts.length; i++) if (m.counts[i] > 0) rows++;
  const means = new Float64Array(rows);
  let k = 0;
  for (let i = 0; i < m.counts.length; i++) {
    if (m.counts[i] === 0) continue;
    samples += m.counts[i];
    means[k++] = sums[i] / m.counts[i];
  }
  return { means, samples };
}

/**
 * The mean of `values` with its seeded percentile bootstrap interval and a two-sided p against
 * 0, resampling the values (rows) with replacement. The draws are `bootstrapSteps`'s for the same
 * seed and count (xoshiro128**, rejection below 2^32 mod n), so the interval is the statistics
 * module's own, read without `nextIndex`'s check per draw (as pairedBootstrapManySteps does:
 * about three times faster at 100,000 rows). Resamples × rows is bound by `maxDraws`; under 100
 * resamples there is no interval. p = 2·(min(#m* ≤ 0, #m* ≥ 0) + 1)/(resamples + 1), at most 1.
 */
export function meanBootstrap(values: Float64Array, options: StatsOptions = {}) {
  const o = { ...DEFAULTS, ...options };
  const n = values.length;
  const resamples = n === 0 ? 0 : Math.min(o.resamples, Math.floor(o.maxDraws / n));
  let sum = 0;
  for (const v of values) sum += v;
  const facts = { seed: o.seed, confidence: o.confidence };
  if (n === 0)
    return {
      ...facts,
      estimate: undefined,
      lower: undefined,
      upper: undefined,
      pValue: undefined,
      resamples: 0,
      reason: 'noCases' as const,
    };
  const estimate = sum / n;
  if (resamples < 100)
    return {
      ...facts,
      estimate,
      lower: undefined,
      upper: undefined,
      pValue: undefined,
      resamples: 0,
      reason: 'overBudget' as const,
    };
  const random = seededRandom(o.seed);
  const floor = 0x100000000 % n;
  const means = new Float64Array(resamples);
  let below = 0;
  let above = 0;
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) {
      let u = random.nextUint32();
      while (u < floor) u = random.nextUint32();
      s += values[u % n];
    }
    const m = s / n;
    means[r] = m;
    if (m <= 0) below++;
    if (m >= 0) above++;
  }
  means.sort();
  const alpha = 1 - o.confidence;
  return {
    ...facts,
    estimate,
    lower: sortedQuantile(means, alpha / 2)!,
    upper: sortedQuantile(means, 1 - alpha / 2)!,
    pValue: Math.min(1, (2 * (Math.min(below, above) + 1)) / (resamples + 1)),
    resamples,
    reason: undefined,
  };
}

/** The figure of one metric: Wilson for one-sample 0/1 rows, else the row means' cluster bootstrap. */
export function metricFigure(m: MetricRows, options: StatsOptions = {}, sums?: Float64Array): Figure {
  const o = { ...DEFAULTS, ...options };
  const { means, samples } = metricRowMeans(m, sums);
  const rows = means.length;
  if (m.binary && m.maxCount <= 1) {
    let successes = 0;
    for (const v of means) successes += v;
    const w = wilsonInterval(Math.round(successes), rows, o.confidence);
    return {
      estimate: w.estimate,
      lower: w.lower,
      upper: w.upper,
      confidence: o.confidence,
      rows,
      samples,
      method: 'wilson',
      ...(w.reason ? { reason: w.reason } : {}),
    };
  }
  const b = meanBootstrap(means, o);
  return {
    estimate: b.estimate,
    lower: b.lower,
    upper: b.upper,
    confidence: o.confidence,
    rows,
    samples,
    method: 'clusterBootstrap',
    seed: b.seed,
    resamples: b.resamples,
    ...(b.reason ? { reason: b.reason } : {}),
  };
}

/** Every header figure of a finished column. */
export function columnStats(data: ColumnData, options: StatsOptions = {}): ColumnStats {
  const questions = data.questions.map((q): QuestionStats => {
    if (q.kind === 'choice') {
      const shares = q.options.map((o) => ({
        option: o.option,
        share: metricFigure(q.answered, options, o.sums),
      }));
      return { name: q.name, kind: 'choice', shares };
    }
    if (q.kind === 'noul') return { name: q.name, kind: 'noul', passRate: metricFigure(q.rows, options) };
    return { name: q.name, kind: 'score', mean: metricFigure(q.rows, options) };
  });

  const total = data.costUnknown > 0 || data.done === 0 ? null : data.costTotal;
  return {
    column: data.column,
    rows: data.positions.length,
    cells: data.cells,
    done: data.done,
    errored: data.failed,
    checks: metricFigure(data.checks, options),
    questions,
    latency: {
      p50: sortedQuantile(data.latencies, 0.5),
      p95: sortedQuantile(data.latencies, 0.95),
      cells: data.latencies.length,
    },
    cost: { total, perCell: total === null ? null : total / data.done, unknownCells: data.costUnknown },
  };
}

/** The slot of a row position in a finished column (its positions are sorted), or −1. */
export function slotOfRow(data: ColumnData, row: number): number {
  let lo = 0;
  let hi = data.positions.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = data.positions[mid];
    if (p === row) return mid;
    if (p < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The mean of a metric at one row (NaN when the row has none): used by the filters and pairing. */
export { rowMean };
