import { describe, expect, it } from 'vitest';
import type { RowMetric } from './bootstrap';
import { differenceSentence, differenceVerdict, flipsSentence, signed } from './difference-verdict';
import { mcnemarExact } from './mcnemar-exact';
import { pairedBootstrap } from './paired-bootstrap';
import { deltaCasesNeeded } from './sample-size';

/** Accuracy of a run over the resampled rows, from its per-row correctness. */
const accuracy =
  (right: readonly boolean[]): RowMetric =>
  (rows) => {
    let n = 0;
    for (const r of rows) if (right[r]) n++;
    return rows.length === 0 ? undefined : n / rows.length;
  };

/** n rows; A right on the first aRight of them, B on those and the next bExtra. */
function runs(n: number, aRight: number, bExtra: number): { a: boolean[]; b: boolean[] } {
  const a = Array.from({ length: n }, (_, i) => i < aRight);
  const b = Array.from({ length: n }, (_, i) => i < aRight + bExtra);
  return { a, b };
}

describe('pairedBootstrap', () => {
  it('resamples the same rows for A and B: a constant shift has no spread', () => {
    // B is right wherever A is, and on 30 more of 300: every resample's delta is near 0.1, never below 0.
    const { a, b } = runs(300, 150, 30);
    const d = pairedBootstrap(300, accuracy(a), accuracy(b), { seed: 5 });
    expect(d.a).toBe(0.5);
    expect(d.b).toBe(0.6);
    expect(d.delta.estimate).toBeCloseTo(0.1, 14);
    expect(d.delta.lower!).toBeGreaterThan(0.06);
    expect(d.excludesZero).toBe(true);
    expect(differenceSentence(differenceVerdict(d))).toMatch(
      /^B − A = \+0\.10 \[\+0\.0\d, \+0\.1\d\] on 300 cases: decisive, B higher$/,
    );
  });

  it('calls a small difference on few cases not decisive, and estimates the cases to settle it', () => {
    // 3 more right of 60.
    const { a, b } = runs(60, 30, 3);
    const d = pairedBootstrap(60, accuracy(a), accuracy(b), { seed: 9 });
    expect(d.excludesZero).toBe(false);
    const v = differenceVerdict(d);
    expect(v).toMatchObject({ cases: 60, decisive: false, direction: 'none' });
    expect(differenceSentence(v)).toMatch(
      /^B − A = \+0\.05 \[[−+]?0\.\d\d, \+0\.\d\d\] on 60 cases: not decisive$/,
    );
    const settle = deltaCasesNeeded(d);
    expect(settle).toMatchObject({ method: 'intervalScaling', alpha: 0.05, power: 0.8 });
    // Discordant share ψ = 0.05 and δ = 0.05: SE ≈ √(0.05 − 0.0025)/√n, so n ≈ 7.85²·0.0475/0.0025 ≈ 117.
    expect(settle.cases).toBeGreaterThan(80);
    expect(settle.cases).toBeLessThan(170);
  });

  it('is reproducible by seed', () => {
    const { a, b } = runs(100, 40, 5);
    const run = (seed: number) => pairedBootstrap(100, accuracy(a), accuracy(b), { seed, resamples: 300 });
    expect(run(1)).toEqual(run(1));
    expect(run(1).delta.lower).not.toBe(run(2).delta.lower);
  });

  it('has no interval, and nothing to settle, on no cases', () => {
    const d = pairedBootstrap(0, accuracy([]), accuracy([]));
    expect(d).toMatchObject({ a: undefined, b: undefined, excludesZero: false });
    expect(deltaCasesNeeded(d)).toEqual({ cases: undefined, reason: 'noInterval' });
    expect(differenceSentence(differenceVerdict(d))).toBe('B − A has no value on 0 cases');
  });
});

describe('sentences', () => {
  it('signs numbers with a true minus', () => {
    expect(signed(0.031, 2)).toBe('+0.03');
    expect(signed(-0.012, 2)).toBe('−0.01');
    expect(signed(-0.001, 2)).toBe('0.00');
  });

  it('words the flips test', () => {
    const m = mcnemarExact({ bothRight: 200, aOnly: 12, bOnly: 20, bothWrong: 68 });
    expect(flipsSentence(m)).toBe(
      `B right where A was wrong on 20 cases, the reverse on 12: p = ${m.pValue.toFixed(3)}, not decisive`,
    );
    const strong = mcnemarExact({ bothRight: 0, aOnly: 0, bOnly: 30, bothWrong: 0 });
    expect(flipsSentence(strong)).toBe(
      'B right where A was wrong on 30 cases, the reverse on 0: p < 0.001, decisive, B more often right',
    );
  });
});
