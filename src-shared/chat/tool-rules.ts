/**
 * The tool fields' rules that need no zod: names, caps, the choice modes, and reading a call's
 * arguments. The chat's first screen reads these, so they are kept apart from the schemas in
 * chat-tools.ts (which re-exports them) and zod loads only with the forms that validate
 * (docs/architecture.md, "The window").
 */

import type { ChatTool } from './chat-tools';

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

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const TOOL_CHOICE_MODES = ['auto', 'none', 'required'] as const;

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

/** The tools as the API takes them: no app-side `mock`, and no `tools` at all when there are none. */
export function wireTools(tools: ChatTool[] | undefined): { tools?: Omit<ChatTool, 'mock'>[] } {
  if (!tools?.length) return {};
  return { tools: tools.map(({ mock: _mock, ...tool }) => tool) };
}
