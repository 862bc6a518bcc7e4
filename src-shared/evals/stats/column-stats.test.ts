import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../stats';
import { ColumnAccumulator, RunStatsAccumulator } from './column-accumulator';
import { columnStats, type Figure } from './column-stats';
import type { StatsCell } from './stats-cell';
import { cell, rowsOf } from './stats-cells.test-helper';

const statsOf = (cells: readonly StatsCell[], options = {}) => {
  const acc = new ColumnAccumulator({ variantId: 'v1', targetId: 't1' });
  for (const c of cells) acc.push(c);
  return columnStats(acc.finish(), options);
};
const score = (s: ReturnType<typeof statsOf>) =>
  s.questions.find((q) => q.name === 'helpful') as { mean: Figure };
const width = (f: Figure) => f.upper! - f.lower!;

/** The type-7 quantile, written again here so the test does not read the module's own. */
function quantile(sorted: number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return sorted[lo] + (h - lo) * (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]);
}

describe('a column’s statistics', () => {
  it('gives one-sample checks Wilson’s interval: 4 of 6 rows is 66.7 % [30.0, 90.3] (by hand)', () => {
    const s = statsOf(rowsOf([[true], [true], [false], [true], [false], [true]], (pass) => ({ pass })));
    expect(s.checks).toMatchObject({ method: 'wilson', rows: 6, samples: 6 });
    // p = 4/6, z² = 3.8415: centre (p + z²/12)/(1 + z²/6) = 0.6016, half-width 0.3016.
    expect(s.checks.estimate).toBeCloseTo(0.6667, 4);
    expect(s.checks.lower).toBeCloseTo(0.2999, 3);
    expect(s.checks.upper).toBeCloseTo(0.9032, 3);
  });

  it('averages a row’s samples before the rows, and bootstraps the row means (checked by a second resampler)', () => {
    // Row 0 has two samples (3 and 1): its mean, 2, counts once. Pooled samples would give 15/7.
    const values = [[3, 1], [2], [4], [1], [1], [3]];
    const s = statsOf(rowsOf(values, (v) => ({ score: v })));
    const f = score(s).mean;
    expect(f).toMatchObject({ method: 'clusterBootstrap', rows: 6, samples: 7, seed: 1, resamples: 1000 });
    expect(f.estimate).toBeCloseTo(13 / 6, 12);
    // The same resampling done by hand: 1,000 draws of 6 row means with xoshiro seeded 1.
    const means = [2, 2, 4, 1, 1, 3];
    const random = seededRandom(1);
    const draws: number[] = [];
    for (let r = 0; r < 1000; r++) {
      let sum = 0;
      for (let i = 0; i < 6; i++) sum += means[random.nextIndex(6)];
      draws.push(sum / 6);
    }
    draws.sort((x, y) => x - y);
    expect(f.lower).toBeCloseTo(quantile(draws, 0.025), 12);
    expect(f.upper).toBeCloseTo(quantile(draws, 0.975), 12);
  });

  it('counts a cell as passing only when every checkable check passed, and leaves out a cell with none', () => {
    const checks = (...pass: (boolean | null)[]): StatsCell => ({
      ...cell(0),
      checks: pass.map((p) => ({ pass: p })),
    });
    const cells = [checks(true, null), { ...checks(true, false), row: 1 }, { ...checks(null, null), row: 2 }];
    const s = statsOf(cells);
    expect(s.checks).toMatchObject({ rows: 2, estimate: 0.5 });
  });

  it('gives noul pass rates at 0.5, choice shares, latency percentiles, cost and errors', () => {
    const cells = [
      cell(0, { noul: 0.5, choice: 'warm', latencyMs: 100, costYuan: 0.01 }),
      cell(1, { noul: 0.49, choice: 'cold', latencyMs: 300, costYuan: 0.03 }),
      cell(2, { noul: 0.9, choice: 'warm', latencyMs: 200, costYuan: 0.02 }),
      cell(3, { failed: true }),
      // An answer the judge flagged is left out.
      { ...cell(4), grades: [{ name: 'ok', kind: 'noul', noul: 0.9, problems: [{ code: 'x' }] }] },
    ];
    const s = statsOf(cells);
    expect(s).toMatchObject({ rows: 5, cells: 5, done: 4, errored: 1 });
    const ok = s.questions.find((q) => q.name === 'ok');
    expect(ok).toMatchObject({ kind: 'noul', passRate: { estimate: 2 / 3, rows: 3, method: 'wilson' } });
    const tone = s.questions.find((q) => q.name === 'tone');
    expect(tone?.kind === 'choice' && tone.shares.map((x) => [x.option, x.share.estimate])).toEqual([
      ['warm', 2 / 3],
      ['cold', 1 / 3],
    ]);
    expect(s.latency).toEqual({ p50: 200, p95: 290, cells: 3 });
    // Cell 4 has no cost: the total is unknown, and says for how many cells.
    expect(s.cost).toEqual({ total: null, perCell: null, unknownCells: 1 });
    expect(statsOf(cells.slice(0, 3)).cost.total).toBeCloseTo(0.06, 12);
    expect(statsOf(cells.slice(0, 3)).cost.perCell).toBeCloseTo(0.02, 12);
  });

  it('does not depend on the order the cells come in, and routes them to their columns', () => {
    const cells = rowsOf(
      Array.from({ length: 40 }, (_, i) => [i % 3, (i * 7) % 5]),
      (v) => ({ score: v, pass: v > 1 }),
    );
    const shuffled = [...cells].reverse();
    expect(statsOf(shuffled)).toEqual(statsOf(cells));
    const run = new RunStatsAccumulator([{ variantId: 'v1', targetId: 't1' }]);
    for (const c of [...cells, ...cells.map((c) => ({ ...c, targetId: 't2' }))]) run.push(c);
    const [one, two] = run.finish();
    expect([one.column.targetId, two.column.targetId, one.cells, two.cells]).toEqual(['t1', 't2', 80, 80]);
  });

  it('grows past its first 1,024 rows, a question first answered late counting from its first answer', () => {
    const cells = Array.from({ length: 3000 }, (_, r) =>
      cell(r, { pass: r % 4 > 0, ...(r >= 2500 ? { choice: r % 5 === 0 ? 'cold' : 'warm' } : {}) }),
    );
    const s = statsOf(cells);
    expect(s.checks).toMatchObject({ rows: 3000, estimate: 0.75 });
    const tone = s.questions.find((q) => q.name === 'tone');
    expect(
      tone?.kind === 'choice' && tone.shares.map((x) => [x.option, x.share.rows, x.share.estimate]),
    ).toEqual([
      ['cold', 500, 0.2],
      ['warm', 500, 0.8],
    ]);
  });

  it('is the same for the same seed and moves with another', () => {
    const cells = rowsOf(
      Array.from({ length: 30 }, (_, i) => [i % 4, (i * 3) % 4]),
      (v) => ({ score: v }),
    );
    expect(score(statsOf(cells, { seed: 7 })).mean).toEqual(score(statsOf(cells, { seed: 7 })).mean);
    const bounds = (seed: number) => {
      const f = score(statsOf(cells, { seed })).mean;
      return `${f.lower} ${f.upper}`;
    };
    expect(new Set([7, 8, 9, 10].map(bounds)).size).toBeGreaterThan(1);
  });

  it('treats repeats as repeats: N copies of each sample do not narrow the interval as N times the rows do', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 12, maxLength: 40 }),
        fc.integer({ min: 2, max: 5 }),
        (scores, n) => {
          fc.pre(new Set(scores).size > 1);
          const one = score(
            statsOf(
              rowsOf(
                scores.map((s) => [s]),
                (v) => ({ score: v }),
              ),
            ),
          ).mean;
          const copies = score(
            statsOf(
              rowsOf(
                scores.map((s) => Array<number>(n).fill(s)),
                (v) => ({ score: v }),
              ),
            ),
          ).mean;
          const moreRows = score(
            statsOf(
              rowsOf(
                scores.flatMap((s) => Array.from({ length: n }, () => [s])),
                (v) => ({ score: v }),
              ),
            ),
          ).mean;
          // The same rows: the same figure, however many samples each holds.
          expect([copies.estimate, copies.lower, copies.upper]).toEqual([one.estimate, one.lower, one.upper]);
          expect(copies.rows).toBe(scores.length);
          expect(width(moreRows)).toBeLessThan(width(copies) * 0.9);
        },
      ),
      { numRuns: 25, seed: 27 },
    );
  });

  it('gives a rate with repeats about Wilson’s width on its rows, not the width of rows × N', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 30 }),
        fc.integer({ min: 8, max: 30 }),
        fc.integer({ min: 2, max: 4 }),
        (k, m, n) => {
          const rows = [...Array<boolean>(k).fill(true), ...Array<boolean>(m).fill(false)];
          const single = statsOf(
            rowsOf(
              rows.map((p) => [p]),
              (pass) => ({ pass }),
            ),
          ).checks;
          const copies = statsOf(
            rowsOf(
              rows.map((p) => Array<boolean>(n).fill(p)),
              (pass) => ({ pass }),
            ),
          ).checks;
          const asRows = statsOf(
            rowsOf(
              rows.flatMap((p) => Array.from({ length: n }, () => [p])),
              (pass) => ({ pass }),
            ),
          ).checks;
          expect(copies).toMatchObject({ method: 'clusterBootstrap', rows: k + m, samples: (k + m) * n });
          expect(copies.estimate).toBeCloseTo(single.estimate!, 12);
          expect(width(copies)).toBeGreaterThan(width(single) * 0.8);
          expect(width(asRows)).toBeLessThan(width(copies) * 0.85);
        },
      ),
      { numRuns: 20, seed: 27 },
    );
  });
});
