import { describe, expect, it } from 'vitest';
import { planCells } from '../../../src-shared/evals/run-plan';
import { evalCellSource, SKIP_SLICE_ROWS, storedCells } from './eval-cell-source';

// 1 variant × 1 target × 3 samples: a page of 100 cells ends inside a row.
const spec = {
  variants: [{ id: 'v' }],
  targets: [{ id: 't' }],
  repeats: 3,
} as unknown as Parameters<typeof evalCellSource>[2];

describe('evalCellSource', () => {
  it('reads the plan in order a page at a time, pages ending inside a row, each cell with its row', () => {
    const rowsAsked: [number, number][] = [];
    const evals = {
      rows: (_id: string, from: number, limit: number) => {
        rowsAsked.push([from, limit]);
        const out = [];
        // Row 5 could not be read (set aside): its cells come without data.
        for (let p = from; p < from + limit && p < 70; p++)
          if (p !== 5) out.push({ position: p, variables: { n: String(p) } });
        return out;
      },
    };
    const source = evalCellSource(evals, 'e', spec, 70);
    expect(source.count()).toBe(210);
    const read = [];
    for (let offset = 0; ; offset += 100) {
      const page = source.page(offset, 100);
      read.push(...page);
      if (page.length < 100) break;
    }
    expect(read.map((c) => c.id)).toEqual([...planCells(spec, 70)].map((c) => c.id));
    expect(read.every((c) => c.row === 5 || c.data?.variables.n === String(c.row))).toBe(true);
    expect(read.filter((c) => c.data === undefined).map((c) => c.id)).toEqual([
      '5.v.t.0',
      '5.v.t.1',
      '5.v.t.2',
    ]);
    // Only the rows each page covers are read: 0–33, 33–67, 66–70.
    expect(rowsAsked).toEqual([
      [0, 34],
      [33, 34],
      [66, 4],
    ]);
  });
});

describe('storedCells', () => {
  it('answers from one slice of rows at a time, reading the next slice when the runner gets there', () => {
    const asked: { from: number; to: number }[] = [];
    const runs = {
      cellIds: (_run: string, _state?: unknown, rows?: { from: number; to: number }) => {
        asked.push(rows!);
        return new Set(
          ['3.v.t.0', `${SKIP_SLICE_ROWS + 2}.v.t.1`].filter((id) => {
            const row = Number(id.split('.')[0]);
            return row >= rows!.from && row < rows!.to;
          }),
        );
      },
    };
    const skip = storedCells(runs, 'r');
    expect(skip.has('3.v.t.0')).toBe(true);
    expect(skip.has('3.v.t.1')).toBe(false);
    expect(skip.has('999.v.t.0')).toBe(false);
    expect(skip.has(`${SKIP_SLICE_ROWS + 2}.v.t.1`)).toBe(true);
    expect(asked).toEqual([
      { from: 0, to: SKIP_SLICE_ROWS },
      { from: SKIP_SLICE_ROWS, to: 2 * SKIP_SLICE_ROWS },
    ]);
  });
});
