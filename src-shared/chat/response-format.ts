import { z } from 'zod';

/**
 * Structured outputs (`response_format`): the request field, and what main found when it checked
 * the reply against it. See docs/architecture.md, "Structured outputs".
 */

/** The API's rule for a schema's name. */
export const SCHEMA_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/** Longest schema accepted, as JSON text: main compiles it, so a huge one is refused first. */
export const MAX_SCHEMA_CHARS = 64 * 1024;
/** Deepest nesting accepted in a schema: compiling walks it recursively. */
export const MAX_SCHEMA_DEPTH = 64;
/** Violations kept per reply; the rest are counted. */
export const MAX_VIOLATIONS = 50;

export const RESPONSE_FORMAT_TYPES = ['text', 'json_object', 'json_schema'] as const;

/** How deep a parsed JSON value nests (an object or array counts one level). */
export function jsonDepth(value: unknown, limit = MAX_SCHEMA_DEPTH + 1): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (limit <= 0) return 1;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, jsonDepth(child, limit - 1));
  return deepest + 1;
}

/** What is wrong with a schema's size or nesting, in words; undefined when it is fine. */
export function schemaSizeProblem(schema: unknown): string | undefined {
  const text = JSON.stringify(schema) ?? '';
  if (text.length > MAX_SCHEMA_CHARS) return `must be at most ${MAX_SCHEMA_CHARS / 1024} KB as JSON`;
  if (jsonDepth(schema) > MAX_SCHEMA_DEPTH) return `must nest at most ${MAX_SCHEMA_DEPTH} levels deep`;
  return undefined;
}

const jsonSchemaFormat = z.object({
  type: z.literal('json_schema'),
  json_schema: z.object({
    name: z
      .string({ error: 'is required' })
      .regex(SCHEMA_NAME_PATTERN, 'must be 1 to 64 letters, digits, _ or -'),
    description: z.string().max(1000, 'must be at most 1,000 characters').optional(),
    schema: z
      .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
      .superRefine((schema, ctx) => {
        const problem = schemaSizeProblem(schema);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    strict: z.boolean({ error: 'must be true or false' }).optional(),
  }),
});

/**
 * `response_format` as the chat form sets it: text (the default, usually left out), any JSON
 * object, or JSON following a schema.
 */
export const responseFormatSchema = z.discriminatedUnion(
  'type',
  [z.object({ type: z.literal('text') }), z.object({ type: z.literal('json_object') }), jsonSchemaFormat],
  { error: 'must be {"type": "text"}, {"type": "json_object"} or {"type": "json_schema", …}' },
);
export type ResponseFormat = z.infer<typeof responseFormatSchema>;

/** Whether a format asks for JSON (and so the reply is checked and shown as JSON). */
export function asksForJson(
  format: ResponseFormat | undefined,
): format is Exclude<ResponseFormat, { type: 'text' }> {
  return format?.type === 'json_object' || format?.type === 'json_schema';
}

/** One place where a reply (or a schema) breaks its rules: a JSON pointer ('' is the whole) and why. */
export const schemaViolationSchema = z.object({
  path: z.string().max(1000),
  message: z.string().max(1000),
});
export type SchemaViolation = z.infer<typeof schemaViolationSchema>;

/**
 * What main found when it checked a finished reply against the JSON format asked for, saved with
 * the message: `valid`; `invalid` with its violations; `not-json` (the reply does not parse, why
 * in `detail`); `schema-error` (the schema itself could not be compiled, why in `detail`).
 */
export const formatCheckSchema = z.object({
  format: z.enum(['json_object', 'json_schema']),
  /** The schema's name, for a json_schema format. */
  name: z.string().max(200).optional(),
  outcome: z.enum(['valid', 'invalid', 'not-json', 'schema-error']),
  violations: z.array(schemaViolationSchema).max(MAX_VIOLATIONS).optional(),
  /** Violations found beyond those kept. */
  more: z.number().int().min(0).optional(),
  detail: z.string().max(1000).optional(),
});
export type FormatCheck = z.infer<typeof formatCheckSchema>;
