import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses a request body with a zod schema and turns the first problem into the gateway's 400.
 * Convention: schema messages are predicates ("is required and must be a string"); the field
 * path is put in front, so the message names the field, e.g. "messages[0].role must be ...".
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = innermost(result.error.issues[0]);
  const param = formatPath(issue.path);
  const message = param ? `${param} ${issue.message}` : issue.message;
  const missing = valueAt(body, issue.path) === undefined;
  throw badRequest(param || null, message, missing ? 'missing_required_parameter' : 'invalid_value');
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  errors?: Issue[][];
}

/**
 * A union's own message says only "one of these shapes"; when the value had one branch's outer
 * shape (every problem of that branch lies inside it, e.g. an array of content parts with a bad
 * part) that branch's first problem names the field much better.
 */
function innermost(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || !issue.errors) return issue;
  const branch = issue.errors.find((errors) => errors.length > 0 && errors.every((e) => e.path.length > 0));
  if (!branch) return issue;
  return innermost({ ...branch[0], path: [...issue.path, ...branch[0].path] });
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}
