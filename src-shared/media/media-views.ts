import type { EmbeddingProblem } from './embedding-math';

export interface EmbeddingRunView {
  runId: string;
  model: string;
  createdAt: number;
  /** Every input, with its own numbers; the text is cut to 300 characters. */
  inputs: { index: number; text: string; dimensions: number; norm: number; zero: boolean }[];
  /**
   * Cosine similarity of the first inputs only (the heat map's corner, HEATMAP_MAX at most),
   * rounded to 4 places; null where it has no meaning.
   */
  matrix: (number | null)[][];
  problems: EmbeddingProblem[];
  usage?: { prompt_tokens?: number; total_tokens?: number };
  /** False when the run was too large to keep its vectors for "Copy vectors as JSON". */
  vectorsKept: boolean;
}

/** Why a run's vectors cannot be copied any more; the window words each case. */
export type VectorsGone = 'too-large' | 'evicted' | 'unknown';

/** One generated image as it lands in the library, so the window can fill its grid early. */
export interface MediaEvents {
  'media.image': { entryId: string; index: number; count: number; url: string | null; error?: string };
}
