import { z } from 'zod';
import { storedExtraSchema } from '../request/extra-body-schema';
import { HEATMAP_MAX } from './embedding-math';
import { MAX_EMBEDDING_INPUTS } from './media-inputs';

/**
 * An embeddings run as kept in the history. Whole vectors (up to 500 × 8,192 floats) would make
 * one row tens of megabytes, so a row keeps what the panel shows: each input's text (cut), its
 * numbers and the first few values of its vector, and the similarity matrix of the heat map.
 */
export const EMBEDDING_TEXT_KEPT = 300;
export const EMBEDDING_PREVIEW_VALUES = 8;

const problemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mismatched-dimensions'), dimensions: z.array(z.number()) }),
  z.object({ kind: z.literal('zero-vector'), indexes: z.array(z.number()) }),
]);

const embeddingInputSchema = z.object({
  index: z.number(),
  /** The input, cut to EMBEDDING_TEXT_KEPT characters. */
  text: z.string().max(EMBEDDING_TEXT_KEPT),
  /** The input's length before the cut. */
  chars: z.number(),
  dimensions: z.number(),
  norm: z.number(),
  zero: z.boolean(),
  /** The first EMBEDDING_PREVIEW_VALUES values of the vector, rounded to 6 places. */
  preview: z.array(z.number()).max(EMBEDDING_PREVIEW_VALUES),
});

export const embeddingEntrySchema = z.object({
  id: z.string(),
  kind: z.literal('embedding'),
  createdAt: z.number(),
  profileId: z.string(),
  /** The model the gateway named in its reply (else the one asked for). */
  model: z.string(),
  /** What the form asked for; `dimensions` absent means the model's default. */
  params: z.object({
    model: z.string(),
    dimensions: z.number().optional(),
    encodingFormat: z.enum(['float', 'base64']),
  }),
  extra: storedExtraSchema,
  inputs: z.array(embeddingInputSchema).max(MAX_EMBEDDING_INPUTS),
  /** Cosine similarity of the first HEATMAP_MAX inputs, rounded to 4 places; null where meaningless. */
  matrix: z.array(z.array(z.number().nullable()).max(HEATMAP_MAX)).max(HEATMAP_MAX),
  problems: z.array(problemSchema),
  usage: z.object({ prompt_tokens: z.number().optional(), total_tokens: z.number().optional() }).optional(),
  /** What the gateway said the call cost, when its reply carries `usage.cost` (some do). */
  cost: z.number().optional(),
});

export type EmbeddingEntry = z.infer<typeof embeddingEntrySchema>;

/** Why a run's vectors cannot be copied; the window words each case. */
export type VectorsGone = 'too-large' | 'evicted' | 'unknown';

/**
 * What the window gets for a run or a history entry: the entry, and whether main still holds its
 * whole vectors in memory (only then can they be copied).
 */
export type EmbeddingEntryView = EmbeddingEntry & { vectorsKept: boolean; vectorsGone?: VectorsGone };
