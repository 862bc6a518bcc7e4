import { z } from 'zod';
import { extraBodySchema } from '../request/extra-body-schema';
import { MODEL_ID_MAX } from '../input-limits';

// Checked again in main whatever the form did; messages name the rule, the router names the field.
export const imageGenerateSchema = z.object({
  model: z
    .string()
    .trim()
    .min(1, 'is required: pick or type a model')
    .max(MODEL_ID_MAX, `must be at most ${MODEL_ID_MAX} characters`),
  prompt: z.string().trim().min(1, 'is required').max(4000, 'must be at most 4,000 characters'),
  size: z.string().regex(/^\d{2,5}x\d{2,5}$/, 'must look like 1024x1024'),
  n: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be between 1 and 10')
    .max(10, 'must be between 1 and 10'),
  responseFormat: z.enum(['url', 'b64_json'], 'must be url or b64_json'),
  extra: extraBodySchema('images').optional(),
});
export type ImageGenerateInput = z.infer<typeof imageGenerateSchema>;

export const SPEECH_FORMATS = ['wav', 'mp3', 'opus', 'aac', 'flac', 'pcm'] as const;
export const speechCreateSchema = z.object({
  model: z
    .string()
    .trim()
    .min(1, 'is required: pick or type a model')
    .max(MODEL_ID_MAX, `must be at most ${MODEL_ID_MAX} characters`),
  text: z
    .string()
    .max(4096, 'must be at most 4,096 characters')
    .refine((s) => s.trim().length > 0, 'is required'),
  voice: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  format: z.enum(SPEECH_FORMATS, `must be one of ${SPEECH_FORMATS.join(', ')}`),
  speed: z.number().min(0.25, 'must be between 0.25 and 4').max(4, 'must be between 0.25 and 4'),
  extra: extraBodySchema('speech').optional(),
});
export type SpeechCreateInput = z.infer<typeof speechCreateSchema>;

/**
 * Below the API's 2,048: a float reply for 500 × 3,072 dimensions is already ~30 MB of JSON,
 * parsed on main's thread; more would stall the app. The form checks the same number.
 */
export const MAX_EMBEDDING_INPUTS = 500;
/** One input: the embedding models take at most 8,192 tokens, well under 50,000 characters. */
export const EMBEDDING_INPUT_MAX = 50_000;
export const embeddingsRunSchema = z.object({
  model: z
    .string()
    .trim()
    .min(1, 'is required: pick or type a model')
    .max(MODEL_ID_MAX, `must be at most ${MODEL_ID_MAX} characters`),
  inputs: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(EMBEDDING_INPUT_MAX, 'must be at most 50,000 characters'),
    )
    .min(1, 'needs at least one line of text')
    .max(MAX_EMBEDDING_INPUTS, 'must be at most 500 inputs'),
  dimensions: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be between 1 and 8192')
    .max(8192, 'must be between 1 and 8192')
    .optional(),
  encodingFormat: z.enum(['float', 'base64'], 'must be float or base64'),
  extra: extraBodySchema('embeddings').optional(),
});
export type EmbeddingsRunInput = z.infer<typeof embeddingsRunSchema>;

/** History ids are file names: checked before any path is built from one. */
export const ENTRY_ID_PATTERN = /^[\w-]+$/;
export const entryIdSchema = z
  .string()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .regex(ENTRY_ID_PATTERN, 'must hold only letters, digits, _ and -');
