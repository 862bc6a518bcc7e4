import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreementTable, cohenKappa, kappaWeight } from './cohen-kappa';

// Fleiss's three-diagnosis table (psychotic, neurotic, organic), 100 patients, rows rater A.
const diagnoses = [
  [75, 1, 4],
  [5, 4, 1],
  [0, 0, 10],
];

describe("Cohen's kappa", () => {
  it('matches a 2×2 table worked by hand, with its standard error', () => {
    // p_o = 35/50 = 0.7; marginals rows (.5, .5), columns (.6, .4): p_e = .3 + .2 = .5; κ = 0.4.
    // FCE: Σ p_ij(w_ij − (w̄_i. + w̄_.j)(1 − κ))² = .4·.34² + .3·.46² + .1·.66² + .2·.54² = 0.2116;
    // minus (κ − p_e(1 − κ))² = 0.01 -> 0.2016 / (50 · 0.25) = 0.016128 -> SE 0.126996.
    const k = cohenKappa([
      [20, 5],
      [10, 15],
    ]);
    expect(k.kappa).toBeCloseTo(0.4, 14);
    expect(k.reason === undefined && k.se).toBeCloseTo(0.126996, 6);
    expect(k.lower).toBeCloseTo(0.4 - 1.959964 * 0.126996, 5);
    expect(k.upper).toBeCloseTo(0.4 + 1.959964 * 0.126996, 5);
  });

  it("matches Fleiss's diagnosis table, unweighted and weighted (worked in exact fractions)", () => {
    // Unweighted: p_o = 89/100, p_e = 33/50, κ = 23/34. Linear: 37/40, 73/100, κ = 13/18.
    // Quadratic: 377/400, 153/200, κ = 71/94.
    const none = cohenKappa(diagnoses);
    expect(none).toMatchObject({ cases: 100, weights: 'none' });
    expect(none.kappa).toBeCloseTo(23 / 34, 14);
    expect(none.reason === undefined && none.se).toBeCloseTo(0.0877029535, 9);
    const linear = cohenKappa(diagnoses, 'linear');
    expect(linear.kappa).toBeCloseTo(13 / 18, 14);
    expect(linear.reason === undefined && linear.se).toBeCloseTo(0.0843009539, 9);
    const quadratic = cohenKappa(diagnoses, 'quadratic');
    expect(quadratic.kappa).toBeCloseTo(71 / 94, 14);
    expect(quadratic.reason === undefined && quadratic.observed).toBeCloseTo(377 / 400, 14);
    expect(quadratic.reason === undefined && quadratic.se).toBeCloseTo(0.0867071325, 9);
  });

  it('weights near misses on an ordered scale', () => {
    expect(kappaWeight(0, 2, 5, 'linear')).toBe(0.5);
    expect(kappaWeight(0, 2, 5, 'quadratic')).toBe(0.75);
    expect(kappaWeight(0, 2, 5, 'none')).toBe(0);
    expect(kappaWeight(3, 3, 5, 'none')).toBe(1);
  });

  it('is 1 for perfect agreement and has no value without cases or variation', () => {
    const perfect = cohenKappa(agreementTable([0, 1, 2, 1], [0, 1, 2, 1], 3), 'quadratic');
    expect(perfect.kappa).toBe(1);
    expect(
      cohenKappa([
        [0, 0],
        [0, 0],
      ]),
    ).toMatchObject({ kappa: undefined, reason: 'noCases', cases: 0 });
    expect(
      cohenKappa([
        [7, 0],
        [0, 0],
      ]),
    ).toMatchObject({ kappa: undefined, reason: 'noVariation', cases: 7 });
  });

  it('builds the table from paired levels and names bad input', () => {
    expect(agreementTable([0, 1, 1], [1, 1, 0], 2)).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(() => agreementTable([0, 3], [0, 1], 3)).toThrow(
      'a[1] must be a whole number from 0 up to 2, got 3',
    );
    expect(() => cohenKappa([[1, 2]])).toThrow('table must be square: row 0 has 2 of 1');
  });

  it('its interval contains kappa and narrows as the same table grows', () => {
    const table = fc.array(fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 3, maxLength: 3 }), {
      minLength: 3,
      maxLength: 3,
    });
    const weights = fc.constantFrom('none' as const, 'linear' as const, 'quadratic' as const);
    fc.assert(
      fc.property(table, weights, (t, w) => {
        const k = cohenKappa(t, w);
        if (k.reason !== undefined) return;
        expect(k.lower).toBeLessThanOrEqual(k.kappa);
        expect(k.upper).toBeGreaterThanOrEqual(k.kappa);
        const big = cohenKappa(
          t.map((row) => row.map((v) => v * 4)),
          w,
        );
        if (big.reason !== undefined || k.se === 0) return;
        expect(big.kappa).toBeCloseTo(k.kappa, 12);
        expect(big.se).toBeCloseTo(k.se / 2, 12);
      }),
    );
  });
});
