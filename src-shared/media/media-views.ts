import type { EmbeddingEntryView, VectorsGone } from './embedding-entry';

/** A run, as `media.embeddings.run` answers: the entry it added to the history. */
export type EmbeddingRunView = EmbeddingEntryView;

export type { VectorsGone };

/** One generated image as it lands in the library, so the window can fill its grid early. */
export interface MediaEvents {
  'media.image': { entryId: string; index: number; count: number; url: string | null; error?: string };
}
