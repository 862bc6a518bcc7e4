import { z } from 'zod';

const message = z.looseObject({
  role: z.enum(['system', 'user', 'assistant'], { error: 'must be one of system, user, assistant' }),
  content: z.string({ error: 'is required and must be a string' }),
});

// Messages are predicates: parseBody puts the field name in front.
export const chatRequestSchema = z.looseObject({
  model: z.string({ error: 'is required and must be a string' }).min(1, { error: 'must not be empty' }),
  messages: z
    .array(z.looseObject({}, { error: 'must be an object with role and content' }).pipe(message), {
      error: 'is required and must be a non-empty array',
    })
    .min(1, { error: 'is required and must be a non-empty array' }),
  temperature: z
    .number({ error: 'must be a number between 0 and 2' })
    .min(0, { error: 'must be a number between 0 and 2' })
    .max(2, { error: 'must be a number between 0 and 2' })
    .nullish(),
  top_p: z
    .number({ error: 'must be a number between 0 and 1' })
    .min(0, { error: 'must be a number between 0 and 1' })
    .max(1, { error: 'must be a number between 0 and 1' })
    .nullish(),
  max_tokens: z
    .number({ error: 'must be a positive integer' })
    .int({ error: 'must be a positive integer' })
    .positive({ error: 'must be a positive integer' })
    .nullish(),
  stream: z.boolean({ error: 'must be a boolean' }).nullish(),
  stream_options: z
    .looseObject(
      { include_usage: z.boolean({ error: 'must be a boolean' }).nullish() },
      { error: 'must be an object' },
    )
    .nullish(),
});

export type ChatRequest = z.output<typeof chatRequestSchema>;
