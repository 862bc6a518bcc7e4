import { z } from 'zod';
import { storedExtraSchema } from '../request/extra-body-schema';
import { type EmbeddingEntry, type EmbeddingEntryView, embeddingEntrySchema } from './embedding-entry';

const fileSchema = z.object({
  /** Relative path in the media library; absent when this image could not be fetched. */
  rel: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  error: z.string().optional(),
});

export const imageEntrySchema = z.object({
  id: z.string(),
  kind: z.literal('image'),
  createdAt: z.number(),
  profileId: z.string(),
  model: z.string(),
  prompt: z.string(),
  params: z.object({ size: z.string(), n: z.number(), responseFormat: z.enum(['url', 'b64_json']) }),
  revisedPrompt: z.string().optional(),
  /** Extra body fields sent with the request (entries saved before them have none). */
  extra: storedExtraSchema,
  files: z.array(fileSchema),
});

export const speechEntrySchema = z.object({
  id: z.string(),
  kind: z.literal('speech'),
  createdAt: z.number(),
  profileId: z.string(),
  model: z.string(),
  text: z.string(),
  params: z.object({ voice: z.string(), format: z.string(), speed: z.number() }),
  /** Extra body fields sent with the request (entries saved before them have none). */
  extra: storedExtraSchema,
  rel: z.string(),
  /** The container as saved, e.g. wav (also for PCM wrapped into WAV), mp3, ogg. */
  container: z.string(),
  wrappedPcm: z.boolean(),
  /** Set when the bytes could not be recognised as audio the window can play. */
  unplayable: z.boolean(),
  bytes: z.number(),
});

/** Rows written before embeddings joined the history are images and speech: their shape is unchanged. */
export const mediaEntrySchema = z.discriminatedUnion('kind', [
  imageEntrySchema,
  speechEntrySchema,
  embeddingEntrySchema,
]);

export type ImageEntry = z.infer<typeof imageEntrySchema>;
export type SpeechEntry = z.infer<typeof speechEntrySchema>;
export type MediaEntry = z.infer<typeof mediaEntrySchema>;
export type { EmbeddingEntry, EmbeddingEntryView };

/** What the window gets: the entry plus the URL of each file (never a file:// path). */
export type ImageEntryView = ImageEntry & { urls: (string | null)[] };
export type SpeechEntryView = SpeechEntry & { url: string };
export type MediaEntryView = ImageEntryView | SpeechEntryView | EmbeddingEntryView;
