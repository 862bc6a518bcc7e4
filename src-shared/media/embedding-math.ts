/**
 * Vector maths for the Embeddings view, done in main so the window gets a few numbers per
 * input instead of thousands of floats.
 */
export type Vector = ArrayLike<number>;

export function norm(v: Vector): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

export interface EmbeddingItemStats {
  index: number;
  dimensions: number;
  norm: number;
  zero: boolean;
}

export type EmbeddingProblem =
  { kind: 'mismatched-dimensions'; dimensions: number[] } | { kind: 'zero-vector'; indexes: number[] };

export interface EmbeddingAnalysis {
  items: EmbeddingItemStats[];
  /** Cosine similarity per pair of the first `heatmapMax` inputs; null where it cannot be computed. */
  matrix: (number | null)[][];
  problems: EmbeddingProblem[];
}

const ZERO_EPSILON = 1e-12;

/**
 * The heat map shows at most this many inputs (beyond it the map is unreadable); only that
 * corner of the matrix is computed and sent, while norms and dimensions cover every input.
 */
export const HEATMAP_MAX = 100;

export function analyzeEmbeddings(vectors: Vector[], heatmapMax = HEATMAP_MAX): EmbeddingAnalysis {
  const norms = vectors.map(norm);
  const items = vectors.map((v, index) => ({
    index,
    dimensions: v.length,
    norm: norms[index],
    zero: norms[index] < ZERO_EPSILON,
  }));
  const problems: EmbeddingProblem[] = [];
  const dims = [...new Set(items.map((i) => i.dimensions))];
  if (dims.length > 1)
    problems.push({ kind: 'mismatched-dimensions', dimensions: dims.sort((a, b) => a - b) });
  const zeros = items.filter((i) => i.zero).map((i) => i.index);
  if (zeros.length > 0) problems.push({ kind: 'zero-vector', indexes: zeros });
  // Norms once, upper triangle of the shown corner only: 100 × 3,072 stays well under 100 ms.
  const n = Math.min(vectors.length, Math.max(0, heatmapMax));
  const matrix: (number | null)[][] = Array.from({ length: n }, () => new Array<number | null>(n).fill(null));
  for (let i = 0; i < n; i++) {
    if (items[i].zero) continue;
    matrix[i][i] = 1;
    const a = vectors[i];
    for (let j = i + 1; j < n; j++) {
      const b = vectors[j];
      if (items[j].zero || b.length !== a.length) continue;
      let dot = 0;
      for (let k = 0; k < a.length; k++) dot += a[k] * b[k];
      // Rounding can push |cos| a hair above 1; clamp so the display never shows 1.0000001.
      const c = Math.max(-1, Math.min(1, dot / (norms[i] * norms[j])));
      matrix[i][j] = c;
      matrix[j][i] = c;
    }
  }
  return { items, matrix, problems };
}
