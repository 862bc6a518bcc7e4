import { z } from 'zod';

// Messages are predicates: parseBody puts the field name in front (see validate.ts).
const modelField = z
  .string({ error: 'is required and must be a string' })
  .min(1, { error: 'must not be empty' });

export const MAX_EMBEDDING_INPUTS = 2048;
export const embeddingsRequestSchema = z.looseObject({
  model: modelField,
  input: z.union(
    [
      z.string().min(1, { error: 'must not be an empty string' }),
      z
        .array(
          z.string({ error: 'must hold strings only' }).min(1, { error: 'must not hold empty strings' }),
          {
            error: 'is required and must be a string or an array of strings',
          },
        )
        .min(1, { error: 'must hold at least one string' })
        .max(MAX_EMBEDDING_INPUTS, { error: `must hold at most ${MAX_EMBEDDING_INPUTS} strings` }),
    ],
    { error: 'is required and must be a string or an array of strings' },
  ),
  dimensions: z
    .number({ error: 'must be an integer between 1 and 4096' })
    .int({ error: 'must be an integer between 1 and 4096' })
    .min(1, { error: 'must be an integer between 1 and 4096' })
    .max(4096, { error: 'must be an integer between 1 and 4096' })
    .nullish(),
  encoding_format: z.enum(['float', 'base64'], { error: 'must be one of float, base64' }).nullish(),
});

export const IMAGE_SIZES = ['256x256', '512x512', '1024x1024'] as const;
export const imagesRequestSchema = z.looseObject({
  model: modelField,
  prompt: z
    .string({ error: 'is required and must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' }),
  n: z
    .number({ error: 'must be an integer between 1 and 4' })
    .int({ error: 'must be an integer between 1 and 4' })
    .min(1, { error: 'must be an integer between 1 and 4' })
    .max(4, { error: 'must be an integer between 1 and 4' })
    .nullish(),
  size: z.enum(IMAGE_SIZES, { error: `must be one of ${IMAGE_SIZES.join(', ')}` }).nullish(),
  response_format: z.enum(['url', 'b64_json'], { error: 'must be one of url, b64_json' }).nullish(),
});

export const SPEECH_FORMATS = ['wav', 'pcm'] as const;
export const speechRequestSchema = z.looseObject({
  model: modelField,
  input: z
    .string({ error: 'is required and must be a string' })
    .min(1, { error: 'must not be empty' })
    .max(4096, { error: 'must be at most 4096 characters' })
    .refine((s) => s.trim().length > 0, { error: 'must not be empty' }),
  voice: z.string({ error: 'is required and must be a string' }).min(1, { error: 'must not be empty' }),
  response_format: z
    .string({ error: 'must be a string' })
    .refine((f) => (SPEECH_FORMATS as readonly string[]).includes(f), {
      error: `is not supported by the Sandbox: use one of ${SPEECH_FORMATS.join(', ')}`,
    })
    .nullish(),
  speed: z
    .number({ error: 'must be a number between 0.25 and 4' })
    .min(0.25, { error: 'must be a number between 0.25 and 4' })
    .max(4, { error: 'must be a number between 0.25 and 4' })
    .nullish(),
});
