import { describe, expect, it } from 'vitest';
import { binomialHalfLowerTail, correctnessFlips, mcnemarExact } from './mcnemar-exact';
import { mcnemarCasesNeeded } from './sample-size';

const flips = (aOnly: number, bOnly: number, bothRight = 0, bothWrong = 0) => ({
  bothRight,
  aOnly,
  bOnly,
  bothWrong,
});

describe("McNemar's exact test", () => {
  it('matches hand-worked binomial tails', () => {
    // 1 vs 5 of 6: 2·(1 + 6)/64 = 0.21875. 0 vs 6: 2/64. 2 vs 10 of 12: 2·(1 + 12 + 66)/4096 = 158/4096.
    expect(mcnemarExact(flips(1, 5)).pValue).toBeCloseTo(0.21875, 13);
    expect(mcnemarExact(flips(0, 6)).pValue).toBeCloseTo(0.03125, 13);
    expect(mcnemarExact(flips(10, 2)).pValue).toBeCloseTo(158 / 4096, 13);
    expect(mcnemarExact(flips(10, 0)).pValue).toBeCloseTo(2 / 1024, 13);
  });

  it("matches exact rational sums on Agresti's presidential-approval table and larger ones", () => {
    // Agresti's table (794, 150, 86, 570): discordant 150 vs 86; p = 3.7159361e-5 (summed exactly in fractions).
    const approval = mcnemarExact(flips(150, 86, 794, 570));
    expect(approval.pValue / 3.715936139571442e-5).toBeCloseTo(1, 9);
    expect(approval).toMatchObject({ cases: 1600, discordant: 236, decisive: true });
    expect(mcnemarExact(flips(59, 41)).pValue).toBeCloseTo(0.08862608011406758, 10);
    // 80,600 discordant cases, whose binomial terms underflow a double one by one.
    expect(mcnemarExact(flips(40000, 40600)).pValue).toBeCloseTo(0.034867397511712896, 8);
  });

  it('gives p = 1 for no flips or an even split, and is not decisive there', () => {
    expect(mcnemarExact(flips(0, 0, 10, 3))).toMatchObject({ pValue: 1, decisive: false, cases: 13 });
    expect(mcnemarExact(flips(3, 3)).pValue).toBe(1);
    expect(binomialHalfLowerTail(6, 6)).toBe(1);
  });

  it('counts flips case by case', () => {
    expect(correctnessFlips([true, true, false, false, true], [true, false, true, false, false])).toEqual(
      flips(2, 1, 1, 1),
    );
    expect(() => correctnessFlips([true], [])).toThrow('aRight and bRight must pair case by case: 1 vs 0');
    expect(() => mcnemarExact(flips(-1, 2))).toThrow(/aOnly must be a whole number/);
  });
});

describe("cases needed to settle a flip difference (Connor's approximation)", () => {
  it('matches the formula worked by hand', () => {
    // 10 A-only and 20 B-only of 100: ψ = 0.3, δ = 0.1; (1.959964·√0.3 + 0.841621·√0.29)² / 0.01
    // = (1.073517 + 0.453225)² / 0.01 = 233.09 -> 234.
    expect(mcnemarCasesNeeded(flips(10, 20, 40, 30))).toEqual({
      cases: 234,
      method: 'connor',
      alpha: 0.05,
      power: 0.8,
    });
    // 12 vs 20 of 300: ψ = 32/300, δ = 8/300 -> 1174.97 -> 1175.
    expect(mcnemarCasesNeeded(flips(12, 20, 200, 68)).cases).toBe(1175);
  });

  it('has nothing to settle when the flips are even or there are no cases', () => {
    expect(mcnemarCasesNeeded(flips(5, 5, 10, 10))).toEqual({ cases: undefined, reason: 'noDifference' });
    expect(mcnemarCasesNeeded(flips(0, 0))).toEqual({ cases: undefined, reason: 'noDifference' });
  });
});
