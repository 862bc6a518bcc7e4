import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casesForHalfWidth, precisionWarning, precisionWarningText } from './precision-warning';
import { wilsonHalfWidth, wilsonInterval } from './wilson-interval';

describe('wilsonInterval', () => {
  it("matches Newcombe's (1998) worked examples of the score interval", () => {
    // 81/263 -> 0.2553 to 0.3662; 15/148 -> 0.0624 to 0.1605; 0/20 -> 0 to 0.1611; 1/29 -> 0.0061 to 0.1718.
    const cases: [number, number, number, number][] = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [x, n, lower, upper] of cases) {
      const w = wilsonInterval(x, n);
      expect(w.lower).toBeCloseTo(lower, 4);
      expect(w.upper).toBeCloseTo(upper, 4);
      expect(w.estimate).toBe(x / n);
    }
  });

  it('is symmetric about one half at 5 of 10, by hand', () => {
    // z² = 3.841459; centre (0.5 + 0.192073)/(1.384146) = 0.5; half = (1.959964/1.384146)·√(0.025 + 0.009604)
    // = 1.416009 · 0.186022 = 0.263407 -> [0.236593, 0.763407].
    const w = wilsonInterval(5, 10);
    expect(w.lower).toBeCloseTo(0.236593, 6);
    expect(w.upper).toBeCloseTo(0.763407, 6);
  });

  it('takes z from the confidence', () => {
    const w99 = wilsonInterval(81, 263, 0.99);
    expect(w99.lower).toBeCloseTo(0.240137, 6);
    expect(w99.upper).toBeCloseTo(0.385283, 6);
    expect(w99.confidence).toBe(0.99);
  });

  it('keeps its edges: 0 of n starts at 0, n of n ends at 1, 0 cases has no interval', () => {
    expect(wilsonInterval(0, 20).lower).toBe(0);
    const all = wilsonInterval(29, 29);
    expect(all.upper).toBe(1);
    expect(all.lower).toBeCloseTo(0.88303, 5);
    expect(wilsonInterval(0, 0)).toEqual({
      method: 'wilson',
      successes: 0,
      n: 0,
      confidence: 0.95,
      estimate: undefined,
      lower: undefined,
      upper: undefined,
      reason: 'noCases',
    });
  });

  it('names the argument and the rule it breaks', () => {
    expect(() => wilsonInterval(5, 3)).toThrow('successes must be a whole number from 0 up to 3, got 5');
    expect(() => wilsonInterval(1.5, 3)).toThrow(/successes must be a whole number/);
    expect(() => wilsonInterval(1, -1)).toThrow('n must be a whole number from 0, got -1');
    expect(() => wilsonInterval(1, 3, 1)).toThrow(/confidence must be between 0 and 1/);
  });

  const counts = fc
    .integer({ min: 1, max: 5000 })
    .chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));

  it('contains its estimate and stays inside [0, 1]', () => {
    fc.assert(
      fc.property(counts, fc.double({ min: 0.5, max: 0.999, noNaN: true }), ([x, n], confidence) => {
        const w = wilsonInterval(x, n, confidence);
        expect(w.lower!).toBeGreaterThanOrEqual(0);
        expect(w.upper!).toBeLessThanOrEqual(1);
        expect(w.lower!).toBeLessThanOrEqual(w.estimate!);
        expect(w.upper!).toBeGreaterThanOrEqual(w.estimate!);
      }),
    );
  });

  it('narrows as cases grow at the same proportion, and widens with the confidence', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 2, max: 20 }), ([x, n], k) => {
        const small = wilsonInterval(x, n);
        const large = wilsonInterval(k * x, k * n);
        expect(large.upper! - large.lower!).toBeLessThan(small.upper! - small.lower!);
        const wide = wilsonInterval(x, n, 0.99);
        expect(wide.upper! - wide.lower!).toBeGreaterThan(small.upper! - small.lower!);
      }),
    );
  });
});

describe('precision warning', () => {
  it('finds the fewest cases for a half-width', () => {
    // At p = ½ and ±0.05: n = 381 gives 0.049955, n = 380 gives 0.050020 (Wilson, z = 1.96).
    expect(casesForHalfWidth(0.5, 0.05)).toBe(381);
    expect(wilsonHalfWidth(0.5, 381)).toBeLessThanOrEqual(0.05);
    expect(wilsonHalfWidth(0.5, 380)).toBeGreaterThan(0.05);
    expect(casesForHalfWidth(0.5, 0.5)).toBe(1);
  });

  it('warns when the interval is wider than the target, and says how many cases would do', () => {
    // 90 of 120: half-width 0.07666 > 0.05; at p = 0.75, 286 cases give 0.04996 and 285 give 0.05005.
    const w = precisionWarning(90, 120, 0.05)!;
    expect(w.code).toBe('tooFewCases');
    expect(w.halfWidth).toBeCloseTo(0.07666, 5);
    expect(w.casesNeeded).toBe(286);
    expect(wilsonHalfWidth(0.75, w.casesNeeded)).toBeLessThanOrEqual(0.05);
    expect(wilsonHalfWidth(0.75, w.casesNeeded - 1)).toBeGreaterThan(0.05);
    expect(precisionWarningText(w)).toBe(
      '120 labelled cases give a 95 % interval of ±0.077, wider than ±0.05; about 286 cases would give ±0.05',
    );
    expect(precisionWarning(900, 1200, 0.05)).toBeUndefined();
  });

  it('reads no cases at one half, the widest', () => {
    expect(precisionWarning(0, 0, 0.05)).toMatchObject({ cases: 0, halfWidth: 0.5, casesNeeded: 381 });
  });

  it('names a target outside (0, 1)', () => {
    expect(() => precisionWarning(1, 2, 0)).toThrow(/target must be between 0 and 1, exclusive, got 0/);
  });
});
