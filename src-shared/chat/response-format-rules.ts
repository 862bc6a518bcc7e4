/**
 * Structured outputs' rules that need no zod: a schema's name, size and depth. The chat's first
 * screen reads these, so they are kept apart from the schemas in response-format.ts (which
 * re-exports them) and zod loads only with the forms that validate (docs/architecture.md,
 * "The window").
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
