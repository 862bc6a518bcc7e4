import { describe, expect, it } from 'vitest';
import { rocBandSteps, rocGrid, rocOnGrid, type RocBand } from './roc-band';
import { seededRandom } from './seeded-random';
import type { ScoredCase } from './threshold-cross-validation';

const c = (p: number, expected: boolean): ScoredCase => ({ p, expected });

function band(cases: readonly ScoredCase[], options: Parameters<typeof rocBandSteps>[1] = {}): RocBand {
  const steps = rocBandSteps(cases, options);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/** Cases whose p leans towards their label by `signal`. */
function randomCases(n: number, seed: number, signal = 0.4): ScoredCase[] {
  const r = seededRandom(seed);
  const u = () => r.nextUint32() / 2 ** 32;
  return Array.from({ length: n }, () => {
    const expected = u() < 0.4;
    return { p: Math.round((u() * (1 - signal) + (expected ? signal : 0)) * 100) / 100, expected };
  });
}

describe('rocOnGrid', () => {
  it('reads the curve at each false positive rate (worked by hand)', () => {
    // Highest p first: .9T → (0, ½), .7F → (½, ½), .3T → (½, 1), .1F → (1, 1). Where the curve
    // rises straight up (fpr 0 and ½) the highest tpr there counts.
    expect(rocOnGrid([c(0.9, true), c(0.7, false), c(0.3, true), c(0.1, false)], 5)).toEqual([
      0.5, 0.5, 1, 1, 1,
    ]);
  });

  it('runs straight across a group of tied p', () => {
    // .9T → (0, ½); the tie at .5 (one of each) → (½, 1), a diagonal: at fpr ¼, tpr ¾.
    expect(rocOnGrid([c(0.9, true), c(0.5, true), c(0.5, false), c(0.1, false)], 5)).toEqual([
      0.5, 0.75, 1, 1, 1,
    ]);
  });

  it('has no curve without both classes, and refuses a grid of one point', () => {
    expect(rocOnGrid([c(0.9, true), c(0.2, true)])).toBeUndefined();
    expect(() => rocGrid(1)).toThrow(/points must be a whole number of at least 2, got 1/);
    expect(rocGrid(3)).toEqual([0, 0.5, 1]);
  });
});

describe('rocBandSteps', () => {
  it('states its resamples and seed, and is the same for a seed', () => {
    const cases = randomCases(150, 3);
    const a = band(cases, { resamples: 200, seed: 4 });
    expect(a).toMatchObject({
      method: 'percentile',
      rows: 150,
      seed: 4,
      requestedResamples: 200,
      resamples: 200,
    });
    expect(band(cases, { resamples: 200, seed: 4 })).toEqual(a);
    expect(band(cases, { resamples: 200, seed: 5 })).not.toEqual(a);
    if (a.reason) throw new Error('expected a band');
    expect(a.fpr).toHaveLength(51);
  });

  it('property: bounds ordered, in [0, 1], rising with fpr, ending at 1, around the curve', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const cases = randomCases(60 + seed * 20, seed, (seed % 4) / 5);
      const b = band(cases, { resamples: 200, seed });
      if (b.reason) throw new Error(`expected a band, got ${b.reason}`);
      const curve = rocOnGrid(cases)!;
      let inside = 0;
      b.fpr.forEach((_, j) => {
        expect(b.lower[j]).toBeGreaterThanOrEqual(0);
        expect(b.upper[j]).toBeLessThanOrEqual(1);
        expect(b.lower[j]).toBeLessThanOrEqual(b.upper[j]);
        if (j > 0) {
          expect(b.lower[j]).toBeGreaterThanOrEqual(b.lower[j - 1]);
          expect(b.upper[j]).toBeGreaterThanOrEqual(b.upper[j - 1]);
        }
        if (curve[j] >= b.lower[j] && curve[j] <= b.upper[j]) inside++;
      });
      expect(b.upper.at(-1)).toBe(1);
      expect(inside / b.fpr.length).toBeGreaterThan(0.9);
    }
  });

  it('property: narrows as the cases grow', () => {
    const width = (n: number) => {
      const b = band(randomCases(n, 21), { resamples: 200 });
      if (b.reason) throw new Error('expected a band');
      return b.upper.reduce((s, u, j) => s + u - b.lower[j], 0) / b.fpr.length;
    };
    const small = width(100);
    const large = width(1600);
    // The width goes as 1/√n: 16 times the cases, about a quarter of it.
    expect(large).toBeLessThan(small / 2.5);
  });

  it('gives no band without cases, without both classes, or past its draw bound', () => {
    expect(band([])).toMatchObject({ reason: 'noCases' });
    expect(band([c(0.3, false), c(0.4, false)])).toMatchObject({ reason: 'noEstimate' });
    const cases = randomCases(1000, 2);
    expect(band(cases, { maxDraws: 50_000 })).toMatchObject({ reason: 'overBudget', limitedBy: 'maxDraws' });
    const cut = band(cases, { resamples: 1000, maxDraws: 200_000 });
    expect(cut).toMatchObject({ resamples: 200, requestedResamples: 1000, limitedBy: 'maxDraws' });
    expect(cut.reason).toBeUndefined();
  });

  it('counts resamples drawn with one class only and leaves them out', () => {
    // One positive in 30: (29/30)^30 ≈ 0.36 of the resamples draw none, about 181 of 500.
    const cases = [c(0.9, true), ...Array.from({ length: 29 }, (_, i) => c(i / 30, false))];
    const b = band(cases, { resamples: 500 });
    expect(b.emptyResamples).toBeGreaterThan(100);
    expect(b.emptyResamples).toBeLessThan(300);
    expect(b.resamples).toBe(500);
  });

  it('yields its progress and stops when asked', () => {
    const signal = { aborted: false };
    const steps = rocBandSteps(randomCases(100, 1), { resamples: 300, signal }, 100);
    expect(steps.next().value).toEqual({ done: 100, total: 300 });
    signal.aborted = true;
    const last = steps.next();
    expect(last.done).toBe(true);
    expect(last.value).toMatchObject({ reason: 'stopped', resamples: 100 });
  });
});
