import {
  bootstrapSteps,
  type BootstrapInterval,
  type BootstrapOptions,
  type BootstrapProgress,
  type RowMetric,
} from './bootstrap';

/**
 * A paired bootstrap of a metric's difference between two runs (or two eval columns) on the same
 * cases: each resample draws one list of rows and computes A and B on it, so what the cases have
 * in common cancels and only the difference varies. The interval is of B − A.
 * docs/architecture.md, "Statistics".
 */
export interface PairedDelta {
  /** A and B on all the rows. */
  a: number | undefined;
  b: number | undefined;
  /** B − A: its estimate, interval, resamples and seed. */
  delta: BootstrapInterval;
  /** Whether the interval of B − A leaves out 0; false when there is no interval. */
  excludesZero: boolean;
}

function deltaMetric(metricA: RowMetric, metricB: RowMetric): RowMetric {
  return (rows) => {
    const a = metricA(rows);
    if (a === undefined) return undefined;
    const b = metricB(rows);
    return b === undefined ? undefined : b - a;
  };
}

/** The paired bootstrap as a generator (see bootstrapSteps): it yields progress, returns the delta. */
export function* pairedBootstrapSteps(
  rows: number,
  metricA: RowMetric,
  metricB: RowMetric,
  options: BootstrapOptions = {},
  slice = 50,
): Generator<BootstrapProgress, PairedDelta, void> {
  const delta = yield* bootstrapSteps(rows, deltaMetric(metricA, metricB), options, slice);
  const all = new Uint32Array(rows);
  for (let i = 0; i < rows; i++) all[i] = i;
  const a = rows === 0 ? undefined : metricA(all);
  const b = rows === 0 ? undefined : metricB(all);
  const excludesZero = delta.reason === undefined && (delta.lower > 0 || delta.upper < 0);
  return { a, b, delta, excludesZero };
}

/** Runs the paired bootstrap to its end, reporting progress every `slice` resamples. */
export function pairedBootstrap(
  rows: number,
  metricA: RowMetric,
  metricB: RowMetric,
  options: BootstrapOptions = {},
  onProgress?: (progress: BootstrapProgress) => void,
  slice = 50,
): PairedDelta {
  const steps = pairedBootstrapSteps(rows, metricA, metricB, options, slice);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
  }
}
