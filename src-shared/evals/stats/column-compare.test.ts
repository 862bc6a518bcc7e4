import { describe, expect, it } from 'vitest';
import { pairedBootstrap, type RowMetric } from '../../stats';
import { ColumnAccumulator, type ColumnData } from './column-accumulator';
import { compareColumns } from './column-compare';
import { comparisonSentence } from './comparison-sentence';
import type { StatsCell } from './stats-cell';
import { rowsOf } from './stats-cells.test-helper';

const column = (targetId: string, cells: readonly StatsCell[]): ColumnData => {
  const acc = new ColumnAccumulator({ variantId: 'v1', targetId });
  for (const c of cells) acc.push({ ...c, targetId });
  return acc.finish();
};
const passes = (t: string, values: readonly boolean[]) =>
  column(
    t,
    rowsOf(
      values.map((v) => [v]),
      (pass) => ({ pass }),
    ),
  );
const meanOf =
  (values: readonly number[]): RowMetric =>
  (idx) => {
    let s = 0;
    for (const i of idx) s += values[i];
    return s / idx.length;
  };

/** `a` rows where both pass, `b` only A, `c` only B, `d` neither. */
function split(bothPass: number, aOnly: number, bOnly: number, neither: number) {
  const a = [...Array<boolean>(bothPass + aOnly).fill(true), ...Array<boolean>(bOnly + neither).fill(false)];
  const b = [
    ...Array<boolean>(bothPass).fill(true),
    ...Array<boolean>(aOnly).fill(false),
    ...Array<boolean>(bOnly).fill(true),
    ...Array<boolean>(neither).fill(false),
  ];
  return { a: passes('A', a), b: passes('B', b), av: a.map(Number), bv: b.map(Number) };
}

describe('a paired comparison of two columns', () => {
  it('on 6 one-sample rows: B − A = 2/6, McNemar’s p of 2 flips is 0.5, not decisive', () => {
    const { a, b, av, bv } = split(2, 0, 2, 2);
    const c = compareColumns(a, b, 'checks');
    expect(c).toMatchObject({
      rows: 6,
      unit: 'rate',
      test: 'mcnemarExact',
      flips: { bothRight: 2, aOnly: 0, bOnly: 2, bothWrong: 2 },
      aMean: 2 / 6,
      bMean: 4 / 6,
    });
    // Two flips, both B's: p = 2 × (½)² = 0.5.
    expect(c.pValue).toBeCloseTo(0.5, 12);
    expect(c.verdict.delta).toBeCloseTo(1 / 3, 12);
    // The interval is the paired bootstrap of the statistics module, same seed and draws.
    const ref = pairedBootstrap(6, meanOf(av), meanOf(bv));
    expect(c.verdict.lower).toBeCloseTo(ref.delta.lower!, 12);
    expect(c.verdict.upper).toBeCloseTo(ref.delta.upper!, 12);
    expect(c.verdict.decisive).toBe(false);
    expect(c.sentence).toMatch(/^not decisive \(B − A = \+33 points \[\+?\d+, \+\d+\] on 6 rows\)$/);
  });

  it('calls 25 flips against 7 on 300 rows decisive: “B beats A by 6 points […] on 300 rows”', () => {
    const { a, b } = split(150, 7, 25, 118);
    const c = compareColumns(a, b, 'checks', {}, { a: 'Terse', b: 'Warm' });
    expect(c.verdict).toMatchObject({ decisive: true, direction: 'bHigher', cases: 300 });
    expect(c.pValue).toBeLessThan(0.01);
    expect(c.sentence).toMatch(/^Warm beats Terse by 6 points \[[1-3], (9|10|11)\] on 300 rows$/);
    // The other way round, A is named the winner with its lead positive.
    const back = compareColumns(b, a, 'checks', {}, { a: 'Warm', b: 'Terse' });
    expect(back.sentence).toMatch(/^Warm beats Terse by 6 points \[[1-3], (9|10|11)\] on 300 rows$/);
  });

  it('keeps to the interval but asks McNemar too: 5 flips against 0 is not decisive (exact p 0.063)', () => {
    const { a, b } = split(100, 0, 5, 195);
    const c = compareColumns(a, b, 'checks');
    expect(c.verdict.lower).toBeGreaterThan(0);
    expect(c.pValue).toBeCloseTo(0.0625, 4);
    expect(c.verdict.decisive).toBe(false);
  });

  it('pairs repeated scores by their row means, on the rows both columns answered', () => {
    const aCells = rowsOf([[1, 3], [2, 2], [0, 2], [1, 1], [3, 3], [2, 0], [4]], (score) => ({ score }));
    // B has no row 6, and a row 7 A lacks: neither is paired.
    const bCells = rowsOf([[3, 3], [2, 4], [2, 2], [1, 3], [4, 4], [2, 2], [], [1]], (score) => ({ score }));
    const c = compareColumns(column('A', aCells), column('B', bCells), { question: 'helpful' });
    expect(c).toMatchObject({ rows: 6, unit: 'score', test: 'pairedBootstrap' });
    const am = [2, 2, 1, 1, 3, 1];
    const bm = [3, 3, 2, 2, 4, 2];
    expect(c.verdict.delta).toBeCloseTo(1, 12);
    const ref = pairedBootstrap(6, meanOf(am), meanOf(bm));
    expect(c.verdict.lower).toBeCloseTo(ref.delta.lower!, 12);
    expect(c.verdict.upper).toBeCloseTo(ref.delta.upper!, 12);
    // Every resample's B − A is 1: no draw reaches 0, so p is its floor 2/1001.
    expect(c.pValue).toBeCloseTo(2 / 1001, 12);
    expect(c.sentence).toBe('B beats A by 1.00 point [1.00, 1.00] on 6 rows');
  });

  it('refuses a choice question by naming it', () => {
    const cells = rowsOf([['warm'], ['cold']], (choice) => ({ choice }));
    expect(() => compareColumns(column('A', cells), column('B', cells), { question: 'tone' })).toThrow(
      /of: “tone” is a choice question/,
    );
  });
});

describe('the comparison’s sentence', () => {
  const verdict = { cases: 300, confidence: 0.95 };
  it('says a decisive difference with the winner first, and a not decisive one as B − A', () => {
    expect(
      comparisonSentence(
        { ...verdict, delta: 0.06, lower: 0.02, upper: 0.1, decisive: true, direction: 'bHigher' },
        'rate',
      ),
    ).toBe('B beats A by 6 points [2, 10] on 300 rows');
    expect(
      comparisonSentence(
        { ...verdict, delta: 0.01, lower: -0.03, upper: 0.05, decisive: false, direction: 'none' },
        'rate',
      ),
    ).toBe('not decisive (B − A = +1 point [−3, +5] on 300 rows)');
    expect(
      comparisonSentence(
        { ...verdict, delta: -0.004, lower: -0.007, upper: -0.001, decisive: true, direction: 'bLower' },
        'rate',
        { a: 'Terse', b: 'Warm' },
      ),
    ).toBe('Terse beats Warm by 0.4 points [0.1, 0.7] on 300 rows');
    expect(
      comparisonSentence(
        {
          ...verdict,
          cases: 0,
          delta: undefined,
          lower: undefined,
          upper: undefined,
          decisive: false,
          direction: 'none',
        },
        'score',
      ),
    ).toBe('no row has a value in both A and B');
  });
});
