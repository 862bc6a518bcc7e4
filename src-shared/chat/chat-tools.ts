import { z } from 'zod';

/**
 * The functions the chat form offers the model (`tools`), which of them it may or must call
 * (`tool_choice`), and whether it may call several at once (`parallel_tool_calls`). Kept in the
 * API's own shape so a preset, a conversation and the request body hold the same thing; the
 * only app-side field is a tool's saved `mock`, never sent (see docs/architecture.md "Tools").
 * Pure zod: the window checks with it too. The parameters' JSON Schema is checked against Ajv's
 * meta-schema in main only, since Ajv compiles code and the window's CSP forbids that.
 */

/** The API's rule for a function's name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const MAX_TOOLS = 32;
/** A tool's parameters schema, as JSON, in UTF-8 bytes. */
export const MAX_TOOL_SCHEMA_BYTES = 64 * 1024;
export const MAX_TOOL_DESCRIPTION = 8_000;
/** A saved mock result, in characters. */
export const MAX_TOOL_MOCK = 100_000;

export const TOOL_RULES = {
  name: 'must be 1 to 64 letters, digits, _ or - (the API’s rule)',
  schemaObject: 'must be a JSON Schema object such as {"type": "object", "properties": {}}',
  schemaSize: `must be at most ${MAX_TOOL_SCHEMA_BYTES / 1024} KB as JSON`,
  duplicate: 'names a function already defined above: each name must be unique',
  unknownChoice: 'names no function defined in tools',
  needsTools: 'needs at least one tool defined',
} as const;

/** UTF-8 length without TextEncoder, which the shared layer's type library does not declare. */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

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

export const TOOL_CHOICE_MODES = ['auto', 'none', 'required'] as const;

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

/** The tools as the API takes them: no app-side `mock`, and no `tools` at all when there are none. */
export function wireTools(tools: ChatTool[] | undefined): { tools?: Omit<ChatTool, 'mock'>[] } {
  if (!tools?.length) return {};
  return { tools: tools.map(({ mock: _mock, ...tool }) => tool) };
}

/**
 * The id a tool call is answered under. A call that came without one (the legacy
 * `function_call`, some local servers) gets one made from its place in the reply, used alike
 * for the assistant's `tool_calls` and the `tool` messages that answer them.
 */
export function toolCallIdOf(call: { id?: string }, index: number): string {
  return call.id || `call_${index}`;
}

/** A tool call's arguments, read: the JSON object, or why it is not one. */
export type ParsedArguments =
  { ok: true; value: Record<string, unknown> } | { ok: false; rule: 'json' | 'not-object'; note: string };

/**
 * Reads a call's arguments as the model wrote them. Empty arguments are an empty object (some
 * servers send "" for a function without parameters); anything else must be a JSON object.
 * Never throws: malformed text gets a note, and the raw text is still shown.
 */
export function parseToolArguments(raw: string): ParsedArguments {
  if (!raw.trim()) return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { ok: false, rule: 'json', note: `The arguments are not valid JSON (${detail}).` };
  }
  if (!isPlainObject(value))
    return {
      ok: false,
      rule: 'not-object',
      note: `The arguments must be a JSON object; the model sent ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}.`,
    };
  return { ok: true, value };
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
