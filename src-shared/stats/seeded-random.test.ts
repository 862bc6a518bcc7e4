import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom, seedState, xoshiro128ss } from './seeded-random';

// Reference outputs printed by the authors' C code (xoshiro128plusplus.c's sibling xoshiro128starstar.c,
// and splitmix64.c), compiled with gcc: the state 1, 2, 3, 4, and the states SplitMix64 gives seeds 0, 1, 42.
describe('seeded random numbers', () => {
  it("xoshiro128** gives the reference code's first outputs", () => {
    const r = xoshiro128ss([1, 2, 3, 4]);
    expect(Array.from({ length: 6 }, () => r.nextUint32())).toEqual([
      11520, 0, 5927040, 70819200, 2031721883, 1637235492,
    ]);
  });

  it('SplitMix64 fills the state as the reference code does', () => {
    // Seed 0: SplitMix64's first output is 0xe220a8397b1dcdaf, low word 0x7b1dcdaf = 2065550767.
    expect(seedState(0)).toEqual([2065550767, 3793791033, 2713282036, 1853398634]);
    expect(seedState(42)).toEqual([803958421, 3184996902, 2993090819, 686809907]);
    expect(seedState(4294967295)).toEqual([2951840192, 1940994978, 323015604, 1629504261]);
  });

  it('a seed gives the same stream every time, and seeds 0, 1, 42 differ', () => {
    const first = (seed: number) => {
      const r = seededRandom(seed);
      return Array.from({ length: 6 }, () => r.nextUint32());
    };
    expect(first(0)).toEqual([3737715805, 2584255861, 2876756834, 3286328325, 1553311962, 1625202774]);
    expect(first(1)).toEqual([1695105466, 1423115009, 634581793, 1068227753, 716759206, 4186505319]);
    expect(first(42)).toEqual([1776835114, 4165204688, 17111135, 2317295270, 2792088233, 2554630222]);
    expect(first(42)).toEqual(first(42));
  });

  it('draws indices in [0, n), each about equally often', () => {
    const r = seededRandom(7);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[r.nextIndex(6)]++;
    // 10,000 expected each; the binomial SD is about 91, so 500 is more than five of them.
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), fc.nat(), (n, seed) => {
        const v = seededRandom(seed).nextIndex(n);
        expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true);
      }),
    );
  });

  it('names a bad seed or range', () => {
    expect(() => seededRandom(-1)).toThrow('seed must be a whole number from 0, got -1');
    expect(() => seededRandom(1.5)).toThrow(/seed must be a whole number/);
    expect(() => seededRandom(1).nextIndex(0)).toThrow('n must be a whole number of at least 1, got 0');
    expect(() => xoshiro128ss([0, 0, 0, 0])).toThrow('state must not be all zeros');
  });
});
