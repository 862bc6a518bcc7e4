import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootstrapInterval, bootstrapSetSteps, bootstrapSteps, type RowMetric } from './bootstrap';
import { sortedQuantile } from './percentile';

/** The mean of `values` over the resampled rows. */
const meanOf =
  (values: readonly number[]): RowMetric =>
  (rows) => {
    if (rows.length === 0) return undefined;
    let sum = 0;
    for (const r of rows) sum += values[r];
    return sum / rows.length;
  };

// 200 rows cycling 0..9: mean 4.5, population SD √8.25.
const cycle = Array.from({ length: 200 }, (_, i) => i % 10);

describe('percentile (type 7)', () => {
  it("reads as R's default quantile does", () => {
    // quantile(1:4, 0.25) = 1.75; quantile(1:10, 0.975) = 9.775; quantile(c(5), 0.3) = 5.
    expect(sortedQuantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(sortedQuantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.975)).toBeCloseTo(9.775, 12);
    expect(sortedQuantile([5], 0.3)).toBe(5);
    expect(sortedQuantile([], 0.5)).toBeUndefined();
  });
});

describe('bootstrapInterval', () => {
  it('agrees with the normal theory of a mean on many rows', () => {
    // The bootstrap SE of a mean is SD/√n = √8.25/√200 = 0.203101, so 95 % ≈ 4.5 ± 0.398072.
    const b = bootstrapInterval(200, meanOf(cycle), { resamples: 4000, seed: 3 });
    expect(b.reason).toBeUndefined();
    expect(b.estimate).toBe(4.5);
    expect(b.lower!).toBeCloseTo(4.5 - 0.398, 1);
    expect(b.upper!).toBeCloseTo(4.5 + 0.398, 1);
    expect(b).toMatchObject({ method: 'percentile', rows: 200, seed: 3, resamples: 4000, emptyResamples: 0 });
  });

  it('has no spread on one row, and reads the 2.5 and 97.5 % points of a two-row mean', () => {
    expect(bootstrapInterval(1, meanOf([7]))).toMatchObject({ estimate: 7, lower: 7, upper: 7 });
    // Two rows 0 and 1: a resample's mean is 0, ½ or 1 with chances ¼, ½, ¼, so both tails are reached.
    expect(bootstrapInterval(2, meanOf([0, 1]))).toMatchObject({ estimate: 0.5, lower: 0, upper: 1 });
  });

  it('is reproducible by seed and differs between seeds', () => {
    const run = (seed: number) => bootstrapInterval(200, meanOf(cycle), { resamples: 500, seed });
    expect(run(11)).toEqual(run(11));
    expect(run(11).lower).not.toBe(run(12).lower);
  });

  it('narrows as cases grow', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), (seed) => {
        const small = bootstrapInterval(100, meanOf(cycle), { resamples: 400, seed });
        const big = Array.from({ length: 1600 }, (_, i) => i % 10);
        const large = bootstrapInterval(1600, meanOf(big), { resamples: 400, seed });
        expect(large.upper! - large.lower!).toBeLessThan(small.upper! - small.lower!);
      }),
      { numRuns: 10 },
    );
  });

  it('states the resamples cut by the draw bound, and refuses a run cut below the minimum', () => {
    const cut = bootstrapInterval(1000, meanOf(cycle.concat(cycle, cycle, cycle, cycle)), {
      maxDraws: 200_000,
    });
    expect(cut).toMatchObject({ requestedResamples: 1000, resamples: 200, limitedBy: 'maxDraws' });
    expect(cut.reason).toBeUndefined();
    let calls = 0;
    const counted: RowMetric = (rows) => (calls++, rows.length);
    const over = bootstrapInterval(1000, counted, { maxDraws: 50_000 });
    expect(over).toMatchObject({ reason: 'overBudget', resamples: 0, lower: undefined, estimate: 1000 });
    expect(calls).toBe(1);
  });

  it('leaves out resamples with no value and says how many', () => {
    // Rows 0 and 1 valued 0 and 1; the metric has no value when every drawn row is 0 (a ¼ chance).
    const positives: RowMetric = (rows) => (rows.some((r) => r === 1) ? 1 : undefined);
    const b = bootstrapInterval(2, positives, { resamples: 1000 });
    expect(b.emptyResamples).toBeGreaterThan(150);
    expect(b.emptyResamples).toBeLessThan(350);
    expect(b).toMatchObject({ lower: 1, upper: 1 });
    expect(bootstrapInterval(2, () => undefined)).toMatchObject({
      reason: 'noEstimate',
      estimate: undefined,
    });
    expect(bootstrapInterval(0, meanOf([]))).toMatchObject({ reason: 'noCases', rows: 0 });
  });

  it('yields progress between slices and stops when its signal is aborted', () => {
    const seen: number[] = [];
    bootstrapInterval(10, meanOf(cycle), { resamples: 200 }, (p) => seen.push(p.done), 50);
    expect(seen).toEqual([50, 100, 150]);
    const signal = { aborted: false };
    const steps = bootstrapSteps(10, meanOf(cycle), { resamples: 200, signal }, 50);
    expect(steps.next().value).toEqual({ done: 50, total: 200 });
    signal.aborted = true;
    const end = steps.next();
    expect(end.done).toBe(true);
    expect(end.value).toMatchObject({ reason: 'stopped', resamples: 50, lower: undefined });
  });

  it('names bad options', () => {
    expect(() => bootstrapInterval(10, meanOf(cycle), { resamples: 0 })).toThrow(
      'resamples must be a whole number of at least 1, got 0',
    );
    expect(() => bootstrapInterval(10, meanOf(cycle), { confidence: 95 })).toThrow(
      /confidence must be between/,
    );
  });
});

describe('bootstrapSetSteps: several metrics on one stream of resamples', () => {
  it('gives each metric what bootstrapSteps gives it alone, gaps included', () => {
    const xs = Array.from({ length: 300 }, (_, i) => ((i * 37) % 101) / 100);
    const mean: RowMetric = (rows) => {
      let s = 0;
      for (const r of rows) s += xs[r];
      return s / rows.length;
    };
    const max: RowMetric = (rows) => {
      let m = -Infinity;
      for (const r of rows) m = Math.max(m, xs[r]);
      return m;
    };
    const never: RowMetric = () => undefined;
    const options = { resamples: 200, seed: 7 };
    const alone = (metric: RowMetric) => {
      const steps = bootstrapSteps(xs.length, metric, options);
      for (;;) {
        const s = steps.next();
        if (s.done) return s.value;
      }
    };
    const steps = bootstrapSetSteps(xs.length, { mean, max, never }, options);
    let progress = 0;
    let s = steps.next();
    while (!s.done) {
      progress++;
      s = steps.next();
    }
    expect(progress).toBe(3);
    expect(s.value.mean).toEqual(alone(mean));
    expect(s.value.max).toEqual(alone(max));
    expect(s.value.never).toEqual(alone(never));
    expect(s.value.never.reason).toBe('noEstimate');
  });
});
