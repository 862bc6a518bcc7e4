import { describe, expect, it } from 'vitest';
import { analyzeEmbeddings, norm } from './embedding-math';

const cosine = (a: number[], b: number[]) => analyzeEmbeddings([a, b]).matrix[0][1];

describe('embedding maths', () => {
  it('computes norm and cosine', () => {
    expect(norm([3, 4])).toBe(5);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 1], [2, 2])).toBeCloseTo(1, 12);
    expect(cosine([1, 0], [-3, 0])).toBe(-1);
  });

  it('refuses to compare a zero vector or vectors of different lengths', () => {
    expect(cosine([0, 0], [1, 0])).toBeNull();
    expect(cosine([1, 0, 0], [1, 0])).toBeNull();
  });

  it('analyses a run: stats, matrix and the problems to point out', () => {
    const a = analyzeEmbeddings([
      [1, 0],
      [1, 1],
      [0, 0],
      [1, 0, 0],
    ]);
    expect(a.items.map((i) => i.dimensions)).toEqual([2, 2, 2, 3]);
    expect(a.items[1].norm).toBeCloseTo(Math.SQRT2, 12);
    expect(a.items[2].zero).toBe(true);
    expect(a.matrix[0][0]).toBe(1);
    expect(a.matrix[0][1]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(a.matrix[0][2]).toBeNull();
    expect(a.matrix[2][2]).toBeNull();
    expect(a.matrix[0][3]).toBeNull();
    expect(a.problems).toEqual([
      { kind: 'mismatched-dimensions', dimensions: [2, 3] },
      { kind: 'zero-vector', indexes: [2] },
    ]);
  });

  it('computes the matrix only for the heat map corner, stats for every input', () => {
    const vectors = Array.from({ length: 7 }, (_, i) => [1, i]);
    const a = analyzeEmbeddings(vectors, 3);
    expect(a.items).toHaveLength(7);
    expect(a.items[6].norm).toBeCloseTo(Math.sqrt(37), 12);
    expect(a.matrix).toHaveLength(3);
    expect(a.matrix.every((row) => row.length === 3)).toBe(true);
    expect(a.matrix[2][1]).toBeCloseTo(3 / Math.sqrt(10), 12);
  });

  it('has no problems for a clean run', () => {
    expect(
      analyzeEmbeddings([
        [1, 2],
        [2, 1],
      ]).problems,
    ).toEqual([]);
  });
});
