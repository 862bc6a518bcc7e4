import { describe, expect, it } from 'vitest';
import { sweepMetricsAt, thresholdSweep, type BinaryCase } from '../../../../src-shared/judge/metrics';
import { downsampleEvenly, downsampleSweep } from './downsample';

/** 5,000 cases with distinct p, labelled true more often as p grows (seeded, so the test is fixed). */
function manyCases(n = 5_000): BinaryCase[] {
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, i) => {
    const p = (i + 0.5) / n;
    return { p, expected: next() < p };
  });
}

describe('downsampleEvenly', () => {
  it('keeps a short list as it is', () => {
    expect(downsampleEvenly([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });

  it('keeps the ends and the order, and at most max points', () => {
    const points = Array.from({ length: 1_001 }, (_, i) => i);
    const cut = downsampleEvenly(points, 11);
    expect(cut).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000]);
    const odd = downsampleEvenly(points, 200);
    expect(odd.length).toBeLessThanOrEqual(200);
    expect(odd[0]).toBe(0);
    expect(odd.at(-1)).toBe(1_000);
    expect([...odd].sort((a, b) => a - b)).toEqual(odd);
  });

  it('refuses a max under 2', () => {
    expect(() => downsampleEvenly([1, 2, 3], 1)).toThrow(/max must be an integer of 2 or more/);
  });
});

describe('downsampleSweep', () => {
  const full = thresholdSweep(manyCases());

  it('cuts a 5,000-point sweep to at most one point per grid step', () => {
    expect(full.points).toHaveLength(5_000);
    const cut = downsampleSweep(full, 0.005);
    expect(cut.points.length).toBeLessThanOrEqual(201);
    expect(cut.points.length).toBeGreaterThan(150);
    expect(cut.positives).toBe(full.positives);
    expect(cut.negatives).toBe(full.negatives);
  });

  it('reads every grid threshold exactly as the full sweep does', () => {
    const cut = downsampleSweep(full, 0.005);
    for (let k = 0; k <= 200; k++) {
      const t = k / 200;
      expect(sweepMetricsAt(cut, t), `at ${t}`).toEqual(sweepMetricsAt(full, t));
    }
  });

  it('keeps a sweep that is already small, and reads past the last point as nothing predicted', () => {
    const small = thresholdSweep([
      { p: 0.2, expected: false },
      { p: 0.9, expected: true },
    ]);
    const cut = downsampleSweep(small, 0.005);
    expect(cut.points).toEqual(small.points);
    expect(sweepMetricsAt(cut, 0.95)).toMatchObject({ tp: 0, fp: 0, tn: 1, fn: 1 });
  });
});
