import { z } from 'zod';

// Messages are predicates: parseBody puts the field name in front. Shapes follow OpenAI's Chat
// Completions request (docs/architecture.md, "The Sandbox").

const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const NAME_RULE = 'must be 1 to 64 letters, digits, underscores or dashes';

const textPart = z.looseObject({
  type: z.literal('text'),
  text: z.string({ error: 'is required and must be a string' }),
});
const imagePart = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject(
    {
      url: z.string({ error: 'is required and must be a string' }),
      detail: z
        .enum(['auto', 'low', 'high', 'original'], { error: 'must be one of auto, low, high, original' })
        .nullish(),
    },
    { error: 'is required and must be an object with url' },
  ),
});
const refusalPart = z.looseObject({
  type: z.literal('refusal'),
  refusal: z.string({ error: 'is required and must be a string' }),
});

/** Content parts whose `type` is checked first, so an unknown type is named as such. */
const typed = (types: readonly [string, ...string[]]) =>
  z.looseObject(
    { type: z.enum(types, { error: `must be one of ${types.join(', ')}` }) },
    { error: 'must be an object with a type' },
  );
const parts = <T extends z.ZodType>(part: T) => z.array(part).min(1, { error: 'must not be an empty array' });

const textContent = z.union([z.string(), parts(typed(['text']).pipe(textPart))], {
  error: 'is required and must be a string or an array of text parts',
});
const userContent = z.union(
  [z.string(), parts(typed(['text', 'image_url']).pipe(z.discriminatedUnion('type', [textPart, imagePart])))],
  {
    error: 'is required and must be a string or an array of content parts',
  },
);
const assistantContent = z.union(
  [z.string(), parts(typed(['text', 'refusal']).pipe(z.discriminatedUnion('type', [textPart, refusalPart])))],
  {
    error: 'must be a string, an array of text parts, or null',
  },
);

const toolCall = z.looseObject(
  {
    id: z.string({ error: 'is required and must be a string' }),
    type: z.literal('function', { error: "must be 'function'" }),
    function: z.looseObject(
      {
        name: z.string({ error: 'is required and must be a string' }),
        arguments: z.string({ error: 'is required and must be a string (JSON)' }),
      },
      { error: 'is required and must be an object with name and arguments' },
    ),
  },
  { error: 'must be an object with id, type and function' },
);

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;
const message = z
  .looseObject({
    role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }),
  })
  .pipe(
    z.discriminatedUnion('role', [
      z.looseObject({ role: z.literal('system'), content: textContent }),
      z.looseObject({ role: z.literal('developer'), content: textContent }),
      z.looseObject({ role: z.literal('user'), content: userContent }),
      z.looseObject({
        role: z.literal('assistant'),
        content: assistantContent.nullish(),
        tool_calls: z.array(toolCall, { error: 'must be an array of tool calls' }).nullish(),
        refusal: z.string({ error: 'must be a string' }).nullish(),
      }),
      z.looseObject({
        role: z.literal('tool'),
        tool_call_id: z.string({ error: 'is required and must be a string' }),
        content: textContent,
      }),
    ]),
  );

const jsonObject = z.record(z.string(), z.unknown(), { error: 'must be a JSON Schema object' });

const tool = z.looseObject(
  {
    type: z.literal('function', { error: "must be 'function'" }),
    function: z.looseObject(
      {
        name: z
          .string({ error: 'is required and must be a string' })
          .regex(NAME_PATTERN, { error: NAME_RULE }),
        description: z.string({ error: 'must be a string' }).nullish(),
        parameters: jsonObject.nullish(),
        strict: z.boolean({ error: 'must be a boolean' }).nullish(),
      },
      { error: 'is required and must be an object with a name' },
    ),
  },
  { error: 'must be an object with type and function' },
);

const toolChoice = z.union(
  [
    z.enum(['none', 'auto', 'required']),
    z.looseObject({
      type: z.literal('function'),
      function: z.looseObject({ name: z.string() }),
    }),
  ],
  { error: "must be 'none', 'auto', 'required' or {type: 'function', function: {name}}" },
);

const responseFormat = z
  .looseObject(
    {
      type: z.enum(['text', 'json_object', 'json_schema'], {
        error: 'must be one of text, json_object, json_schema',
      }),
    },
    { error: 'must be an object with a type' },
  )
  .pipe(
    z.discriminatedUnion('type', [
      z.looseObject({ type: z.literal('text') }),
      z.looseObject({ type: z.literal('json_object') }),
      z.looseObject({
        type: z.literal('json_schema'),
        json_schema: z.looseObject(
          {
            name: z
              .string({ error: 'is required and must be a string' })
              .regex(NAME_PATTERN, { error: NAME_RULE }),
            description: z.string({ error: 'must be a string' }).nullish(),
            schema: jsonObject.nullish(),
            strict: z.boolean({ error: 'must be a boolean' }).nullish(),
          },
          { error: 'is required and must be an object with name and schema' },
        ),
      }),
    ]),
  );

const between = (lo: number, hi: number) => {
  const rule = `must be a number between ${lo} and ${hi}`;
  return z.number({ error: rule }).min(lo, { error: rule }).max(hi, { error: rule }).nullish();
};
const positiveInt = z
  .number({ error: 'must be a positive integer' })
  .int({ error: 'must be a positive integer' })
  .positive({ error: 'must be a positive integer' })
  .nullish();

export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;

export const chatRequestSchema = z.looseObject({
  model: z.string({ error: 'is required and must be a string' }).min(1, { error: 'must not be empty' }),
  messages: z
    .array(z.looseObject({}, { error: 'must be an object with role and content' }).pipe(message), {
      error: 'is required and must be a non-empty array',
    })
    .min(1, { error: 'is required and must be a non-empty array' }),
  temperature: between(0, 2),
  top_p: between(0, 1),
  presence_penalty: between(-2, 2),
  frequency_penalty: between(-2, 2),
  max_tokens: positiveInt,
  max_completion_tokens: positiveInt,
  seed: z.number({ error: 'must be an integer' }).int({ error: 'must be an integer' }).nullish(),
  stop: z
    .union(
      [
        z.string(),
        z
          .array(z.string(), { error: 'must be a string or an array of up to 4 strings' })
          .max(4, { error: 'must be a string or an array of up to 4 strings' }),
      ],
      { error: 'must be a string or an array of up to 4 strings' },
    )
    .nullish(),
  logprobs: z.boolean({ error: 'must be a boolean' }).nullish(),
  top_logprobs: z
    .number({ error: 'must be an integer between 0 and 20' })
    .int({ error: 'must be an integer between 0 and 20' })
    .min(0, { error: 'must be an integer between 0 and 20' })
    .max(20, { error: 'must be an integer between 0 and 20' })
    .nullish(),
  response_format: responseFormat.nullish(),
  tools: z
    .array(tool, { error: 'must be an array of function tools' })
    .max(128, { error: 'must hold at most 128 tools' })
    .nullish(),
  tool_choice: toolChoice.nullish(),
  parallel_tool_calls: z.boolean({ error: 'must be a boolean' }).nullish(),
  reasoning_effort: z
    .enum(REASONING_EFFORTS, { error: `must be one of ${REASONING_EFFORTS.join(', ')}` })
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
export type ChatMessage = ChatRequest['messages'][number];
export type ChatTool = NonNullable<ChatRequest['tools']>[number];
