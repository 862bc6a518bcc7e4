import { describe, expect, it } from 'vitest';
import { normalQuantile, zForConfidence } from './normal-quantile';

describe('normalQuantile (AS241)', () => {
  it('matches the published percentage points of the standard normal', () => {
    // The table values to 15 digits: z_0.975, z_0.995, z_0.95, z_0.8, and a far tail.
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829303548901, 14);
    expect(normalQuantile(0.95)).toBeCloseTo(1.644853626951472, 14);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621233572914, 14);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 12);
    // Past r = 5 (p below about 1.4e-11), the third range.
    expect(normalQuantile(1e-20)).toBeCloseTo(-9.26234008979841, 10);
  });

  it('is odd around one half', () => {
    for (const p of [0.01, 0.2, 0.4, 0.49]) expect(normalQuantile(p)).toBeCloseTo(-normalQuantile(1 - p), 14);
  });

  it('gives the z of a two-sided interval, and names a confidence given in percent', () => {
    expect(zForConfidence(0.95)).toBeCloseTo(1.959963984540054, 14);
    expect(zForConfidence(0.99)).toBeCloseTo(2.575829303548901, 14);
    expect(() => zForConfidence(95)).toThrow(/confidence must be between 0 and 1.*got 95/);
    expect(() => normalQuantile(1)).toThrow(/p must be between 0 and 1, exclusive/);
  });
});
