import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evalSpecSchema } from './eval-definition';
import { sampleSpecInput } from './eval-spec.test-helper';
import { cellId, parseCellId, planCells, planProblem, planSummary } from './run-plan';

const spec = evalSpecSchema.parse(sampleSpecInput());

describe('a run’s plan', () => {
  it('counts rows × variants × targets × repeats, and the judge and embeddings calls', () => {
    expect(planSummary(spec, 3)).toEqual({
      rows: 3,
      variants: 2,
      targets: 2,
      repeats: 2,
      columns: 4,
      cells: 24,
      judgeCalls: 24,
      embeddingInputs: 27,
    });
    expect(
      planSummary({ ...spec, grader: undefined, similarity: undefined, repeats: 1 }, 1000),
    ).toMatchObject({
      cells: 4000,
      judgeCalls: 0,
      embeddingInputs: 0,
    });
  });

  it('lists each cell once, row by row, with ids that read back', () => {
    const cells = [...planCells(spec, 2)];
    expect(cells.map((c) => c.id)).toEqual([
      '0.terse.a.0',
      '0.terse.a.1',
      '0.terse.b.0',
      '0.terse.b.1',
      '0.warm.a.0',
      '0.warm.a.1',
      '0.warm.b.0',
      '0.warm.b.1',
      '1.terse.a.0',
      '1.terse.a.1',
      '1.terse.b.0',
      '1.terse.b.1',
      '1.warm.a.0',
      '1.warm.a.1',
      '1.warm.b.0',
      '1.warm.b.1',
    ]);
    for (const c of cells) expect(parseCellId(c.id)).toEqual(c);
    expect([...planCells(spec, 2, 1)].map((c) => c.id)).toEqual(cells.slice(8).map((c) => c.id));
    expect(parseCellId('01.terse.a.0')).toBeUndefined();
    expect(parseCellId('1.ter.se.a.0')).toBeUndefined();
  });

  it('has as many cells as it counts, none twice (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 10 }),
        (rows, nv, nt, repeats) => {
          const shape = {
            variants: Array.from({ length: nv }, (_, i) => ({ ...spec.variants[0], id: `v${i}` })),
            targets: Array.from({ length: nt }, (_, i) => ({ ...spec.targets[0], id: `t${i}` })),
            repeats,
          };
          const ids = [...planCells(shape, rows)].map((c) => c.id);
          expect(ids.length).toBe(planSummary(shape, rows).cells);
          expect(new Set(ids).size).toBe(ids.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('says why a plan cannot run', () => {
    expect(planProblem(planSummary(spec, 0))).toBe('The dataset has no rows: import some first.');
    expect(planProblem(planSummary(spec, 100_001))).toBe(
      'The dataset has 100,001 rows; an eval takes at most 100,000.',
    );
    expect(planProblem(planSummary({ ...spec, repeats: 10 }, 100_000))).toBe(
      'The run would have 4,000,000 cells (rows × variants × targets × repeats); at most 2,000,000.',
    );
    expect(planProblem(planSummary(spec, 100_000))).toBeUndefined();
    expect(cellId(7, 'v', 't', 3)).toBe('7.v.t.3');
  });
});
