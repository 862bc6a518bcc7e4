import { z } from 'zod';
import { MAX_VIOLATIONS, SCHEMA_NAME_PATTERN, schemaSizeProblem } from './response-format-rules';

/**
 * Structured outputs (`response_format`): the request field, and what main found when it checked
 * the reply against it. See docs/architecture.md, "Structured outputs".
 */

// The rules without zod live in response-format-rules.ts, so the window's first screen does not
// load zod; re-exported here for main's code.
export {
  SCHEMA_NAME_PATTERN,
  MAX_SCHEMA_CHARS,
  MAX_SCHEMA_DEPTH,
  MAX_VIOLATIONS,
  RESPONSE_FORMAT_TYPES,
  jsonDepth,
  schemaSizeProblem,
} from './response-format-rules';

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
