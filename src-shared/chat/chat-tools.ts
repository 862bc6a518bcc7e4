import { z } from 'zod';
import {
  isPlainObject,
  TOOL_NAME_PATTERN,
  MAX_TOOLS,
  MAX_TOOL_SCHEMA_BYTES,
  MAX_TOOL_DESCRIPTION,
  MAX_TOOL_MOCK,
  TOOL_RULES,
  utf8Bytes,
  TOOL_CHOICE_MODES,
} from './tool-rules';

/**
 * The functions the chat form offers the model (`tools`), which of them it may or must call
 * (`tool_choice`), and whether it may call several at once (`parallel_tool_calls`). Kept in the
 * API's own shape so a preset, a conversation and the request body hold the same thing; the
 * only app-side field is a tool's saved `mock`, never sent (see docs/architecture.md "Tools").
 * Pure zod: the window checks with it too. The parameters' JSON Schema is checked against Ajv's
 * meta-schema in main only, since Ajv compiles code and the window's CSP forbids that.
 */

// The rules without zod live in tool-rules.ts, so the window's first screen does not load zod;
// re-exported here for main's code.
export {
  TOOL_NAME_PATTERN,
  MAX_TOOLS,
  MAX_TOOL_SCHEMA_BYTES,
  MAX_TOOL_DESCRIPTION,
  MAX_TOOL_MOCK,
  TOOL_RULES,
  utf8Bytes,
  TOOL_CHOICE_MODES,
  toolCallIdOf,
  parseToolArguments,
  type ParsedArguments,
  wireTools,
} from './tool-rules';

export const toolFunctionSchema = z.object({
  name: z.string({ error: TOOL_RULES.name }).regex(TOOL_NAME_PATTERN, TOOL_RULES.name),
  description: z
    .string()
    .max(MAX_TOOL_DESCRIPTION, `must be at most ${MAX_TOOL_DESCRIPTION.toLocaleString('en')} characters`)
    .optional(),
  parameters: z
    .unknown()
    .superRefine((v, ctx) => {
      if (!isPlainObject(v)) ctx.addIssue({ code: 'custom', message: TOOL_RULES.schemaObject });
      else if (utf8Bytes(JSON.stringify(v)) > MAX_TOOL_SCHEMA_BYTES)
        ctx.addIssue({ code: 'custom', message: TOOL_RULES.schemaSize });
    })
    .transform((v) => v as Record<string, unknown>)
    .optional(),
  /** Asks the model to follow the parameters schema exactly (structured outputs for tools). */
  strict: z.boolean({ error: 'must be true or false' }).optional(),
});

export const chatToolSchema = z.object({
  type: z.literal('function', { error: 'must be "function"' }),
  function: toolFunctionSchema,
  /** A canned result offered when the model calls this function; kept in the app, never sent. */
  mock: z
    .string()
    .max(MAX_TOOL_MOCK, `must be at most ${MAX_TOOL_MOCK.toLocaleString('en')} characters`)
    .optional(),
});
export type ChatTool = z.infer<typeof chatToolSchema>;

export const toolsSchema = z
  .array(chatToolSchema)
  .max(MAX_TOOLS, `must hold at most ${MAX_TOOLS} tools`)
  .superRefine((tools, ctx) => {
    const seen = new Set<string>();
    tools.forEach((tool, i) => {
      if (seen.has(tool.function.name))
        ctx.addIssue({ code: 'custom', path: [i, 'function', 'name'], message: TOOL_RULES.duplicate });
      seen.add(tool.function.name);
    });
  });

export const toolChoiceSchema = z.union(
  [
    z.enum(TOOL_CHOICE_MODES),
    z.object({
      type: z.literal('function'),
      function: z.object({ name: z.string().regex(TOOL_NAME_PATTERN, TOOL_RULES.name) }),
    }),
  ],
  { error: 'must be auto, none, required or {"type": "function", "function": {"name": …}}' },
);
export type ToolChoice = z.infer<typeof toolChoiceSchema>;

/** The tool fields of the chat form, spread into chatParamsSchema. */
export const chatToolFields = {
  tools: toolsSchema.optional(),
  tool_choice: toolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean({ error: 'must be true or false' }).optional(),
};

/** Rules across the tool fields: a choice or the parallel switch needs tools, a named choice one of them. */
export function checkToolFields(
  p: { tools?: ChatTool[]; tool_choice?: ToolChoice; parallel_tool_calls?: boolean },
  ctx: z.RefinementCtx,
): void {
  const names = new Set((p.tools ?? []).map((t) => t.function.name));
  if (p.tool_choice !== undefined && names.size === 0)
    ctx.addIssue({ code: 'custom', path: ['tool_choice'], message: TOOL_RULES.needsTools });
  else if (typeof p.tool_choice === 'object' && !names.has(p.tool_choice.function.name))
    ctx.addIssue({ code: 'custom', path: ['tool_choice'], message: TOOL_RULES.unknownChoice });
  if (p.parallel_tool_calls !== undefined && names.size === 0)
    ctx.addIssue({ code: 'custom', path: ['parallel_tool_calls'], message: TOOL_RULES.needsTools });
}

/** A problem found in a JSON Schema or in arguments checked against one, at a JSON Pointer path. */
export interface SchemaProblem {
  /** "/properties/city/type" style; "" for the root. */
  path: string;
  message: string;
}

/** What a call's arguments are, checked in main against its function's parameters. */
export type ArgumentsCheck =
  | { status: 'ok' }
  /** Not a JSON object: the note says why; the raw text is still shown. */
  | { status: 'malformed'; note: string }
  | { status: 'violations'; problems: SchemaProblem[] }
  /** The parameters schema itself is not one Ajv can use, so nothing was checked. */
  | { status: 'bad-schema'; problems: SchemaProblem[] };

/** A parameters schema as a route takes it: a JSON object within the form's size cap. */
export const toolSchemaInput = z
  .record(z.string(), z.unknown(), { error: TOOL_RULES.schemaObject })
  .refine((v) => utf8Bytes(JSON.stringify(v)) <= MAX_TOOL_SCHEMA_BYTES, TOOL_RULES.schemaSize);
