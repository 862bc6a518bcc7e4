import { describe, expect, it } from 'vitest';
import {
  casesForHalfWidth,
  DEFAULT_PRECISION_TARGET,
  precisionWarning,
  precisionWarningText,
} from './precision-warning';
import { wilsonHalfWidth } from './wilson-interval';

describe('casesForHalfWidth', () => {
  it('finds the fewest cases within the target (worked by hand at p = ½, ± 0.05)', () => {
    // Wilson's half-width at p = ½ is z·√(1/4n + z²/4n²) / (1 + z²/n), z² = 3.841459:
    // n = 381 gives 0.050459 / 1.010083 = 0.049955, n = 380 gives 0.050020. (Wald's z²/4·0.05²
    // asks 385: Wilson's interval is a little narrower.)
    expect(casesForHalfWidth(0.5, 0.05)).toBe(381);
    expect(wilsonHalfWidth(0.5, 381)).toBeCloseTo(0.049955, 5);
    expect(wilsonHalfWidth(0.5, 380)).toBeGreaterThan(0.05);
  });

  it('property: the count found is enough and one fewer is not', () => {
    for (const p of [0, 0.03, 0.2, 0.5, 0.77, 1])
      for (const target of [0.01, 0.05, 0.1]) {
        const n = casesForHalfWidth(p, target);
        expect(wilsonHalfWidth(p, n)).toBeLessThanOrEqual(target);
        if (n > 1) expect(wilsonHalfWidth(p, n - 1)).toBeGreaterThan(target);
      }
  });
});

describe('precisionWarning', () => {
  it('warns when 120 cases give ± 0.09 and says about 381 would give ± 0.05', () => {
    const w = precisionWarning(60, 120, DEFAULT_PRECISION_TARGET);
    expect(w).toMatchObject({
      code: 'tooFewCases',
      cases: 120,
      target: 0.05,
      confidence: 0.95,
      casesNeeded: 381,
    });
    expect(w?.halfWidth).toBeCloseTo(0.0881, 4);
    expect(precisionWarningText(w!)).toBe(
      '120 labelled cases give a 95 % interval of ±0.088, wider than ±0.05; about 381 cases would give ±0.05',
    );
  });

  it('reads the need at the proportion seen, at p = ½ with no cases, and is quiet when precise enough', () => {
    expect(precisionWarning(109, 120, 0.05)?.casesNeeded).toBe(casesForHalfWidth(109 / 120, 0.05));
    expect(precisionWarning(0, 0, 0.05)).toMatchObject({ halfWidth: 0.5, casesNeeded: 381 });
    expect(precisionWarning(950, 1000, 0.05)).toBeUndefined();
  });

  it('refuses bad arguments by name', () => {
    expect(() => precisionWarning(5, 4, 0.05)).toThrow(/successes must be a whole number from 0 up to 4/);
    expect(() => precisionWarning(1, 4, 0)).toThrow(/target must be between 0 and 1/);
  });
});
