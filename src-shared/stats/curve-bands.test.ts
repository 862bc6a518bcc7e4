import { describe, expect, it } from 'vitest';
import { bandGrid, curveBandSteps, curvesOnBandGrid, type CurveBand, type CurveBands } from './curve-bands';
import { seededRandom } from './seeded-random';
import type { ScoredCase } from './threshold-cross-validation';

const c = (p: number, expected: boolean): ScoredCase => ({ p, expected });

function bands(cases: readonly ScoredCase[], options: Parameters<typeof curveBandSteps>[1] = {}): CurveBands {
  const steps = curveBandSteps(cases, options);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}
const band = (cases: readonly ScoredCase[], options: Parameters<typeof curveBandSteps>[1] = {}): CurveBand =>
  bands(cases, options).roc;
const rocOnGrid = (cases: readonly ScoredCase[], points?: number) => curvesOnBandGrid(cases, points)?.roc;

/** Cases whose p leans towards their label by `signal`. */
function randomCases(n: number, seed: number, signal = 0.4): ScoredCase[] {
  const r = seededRandom(seed);
  const u = () => r.nextUint32() / 2 ** 32;
  return Array.from({ length: n }, () => {
    const expected = u() < 0.4;
    return { p: Math.round((u() * (1 - signal) + (expected ? signal : 0)) * 100) / 100, expected };
  });
}

describe('curvesOnBandGrid', () => {
  it('reads both curves at each x (worked by hand)', () => {
    // Highest p first: .9T → fpr 0, tpr ½; .7F → (½, ½); .3T → (½, 1); .1F → (1, 1). Where the
    // ROC rises straight up (fpr 0 and ½) the highest tpr there counts. PR, the precision at the
    // highest threshold whose recall reaches x: recall ½ first at .9 (precision 1), recall 1 at
    // .3 (2 of 3).
    expect(curvesOnBandGrid([c(0.9, true), c(0.7, false), c(0.3, true), c(0.1, false)], 5)).toEqual({
      roc: [0.5, 0.5, 1, 1, 1],
      pr: [1, 1, 1, 2 / 3, 2 / 3],
    });
  });

  it('runs straight across a group of tied p', () => {
    // .9T → (0, ½); the tie at .5 (one of each) → (½, 1), a diagonal: at fpr ¼, tpr ¾. PR: the
    // tie reaches recall 1 at precision 2 of 3.
    expect(curvesOnBandGrid([c(0.9, true), c(0.5, true), c(0.5, false), c(0.1, false)], 5)).toEqual({
      roc: [0.5, 0.75, 1, 1, 1],
      pr: [1, 1, 1, 2 / 3, 2 / 3],
    });
  });

  it('has no curve without both classes, and refuses a grid of one point', () => {
    expect(rocOnGrid([c(0.9, true), c(0.2, true)])).toBeUndefined();
    expect(() => bandGrid(1)).toThrow(/points must be a whole number of at least 2, got 1/);
    expect(bandGrid(3)).toEqual([0, 0.5, 1]);
  });
});

describe('curveBandSteps', () => {
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
    expect(a.x).toHaveLength(51);
  });

  it('property: bounds ordered, in [0, 1], the ROC’s rising to 1, each around its curve', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const cases = randomCases(60 + seed * 20, seed, (seed % 4) / 5);
      const { roc: b, pr } = bands(cases, { resamples: 200, seed });
      if (b.reason || pr.reason) throw new Error('expected both bands');
      const curves = curvesOnBandGrid(cases)!;
      const curve = curves.roc;
      let inside = 0;
      let prInside = 0;
      pr.x.forEach((_, j) => {
        expect(pr.lower[j]).toBeGreaterThanOrEqual(0);
        expect(pr.upper[j]).toBeLessThanOrEqual(1);
        expect(pr.lower[j]).toBeLessThanOrEqual(pr.upper[j]);
        if (curves.pr[j] >= pr.lower[j] && curves.pr[j] <= pr.upper[j]) prInside++;
      });
      expect(prInside / pr.x.length).toBeGreaterThan(0.85);
      b.x.forEach((_, j) => {
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
      expect(inside / b.x.length).toBeGreaterThan(0.9);
    }
  });

  it('property: narrows as the cases grow', () => {
    const width = (n: number) => {
      const b = band(randomCases(n, 21), { resamples: 200 });
      if (b.reason) throw new Error('expected a band');
      return b.upper.reduce((s, u, j) => s + u - b.lower[j], 0) / b.x.length;
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
    const steps = curveBandSteps(randomCases(100, 1), { resamples: 300, signal }, 100);
    expect(steps.next().value).toEqual({ done: 100, total: 300 });
    signal.aborted = true;
    const last = steps.next();
    expect(last.done).toBe(true);
    expect(last.value).toMatchObject({
      roc: { reason: 'stopped', resamples: 100 },
      pr: { reason: 'stopped' },
    });
  });
});
