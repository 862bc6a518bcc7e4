import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import {
  type FormatCheck,
  MAX_VIOLATIONS,
  type ResponseFormat,
  type SchemaViolation,
  schemaSizeProblem,
} from '../../../src-shared/chat/response-format';

/**
 * Structured outputs checked in main (docs/architecture.md, "Structured outputs"): a schema
 * against JSON Schema's meta-schema for the editor, and a finished reply against its schema.
 * Ajv compiles a schema to JavaScript, which the window's CSP forbids, so both happen here.
 * `strict: false`: a schema written for the API may carry keywords Ajv does not know (they are
 * ignored, as the API's own checker ignores what it does not support); no `loadSchema`, so a
 * `$ref` to an address is an error, never a fetch.
 */
const ajv = new Ajv({ strict: false, allErrors: true, logger: false });

/** Compiled validators by schema text, newest last: each schema is compiled once. */
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 32;

function clip(s: string, n = 1000): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** A compiled validator for the schema, or the reason it cannot be compiled. */
function validatorFor(schema: object): ValidateFunction | string {
  const size = schemaSizeProblem(schema);
  if (size) return `The schema ${size}.`;
  const key = JSON.stringify(schema);
  const hit = compiled.get(key);
  if (hit) {
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  try {
    // A fresh copy: Ajv keeps the object it compiled, and the caller's may change.
    const validate = ajv.compile(JSON.parse(key) as object);
    compiled.set(key, validate);
    if (compiled.size > MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    return validate;
  } catch (err) {
    return clip(err instanceof Error ? err.message : String(err));
  } finally {
    // Ajv also keeps every schema it compiled by its `$id`; a second schema with the same `$id`
    // would be refused, so the cache above is the only one.
    ajv.removeSchema();
  }
}

/** One Ajv error as a path and words: a missing or extra property is named in the path. */
function violationOf(e: ErrorObject): SchemaViolation {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required' && typeof params.missingProperty === 'string')
    return { path: `${e.instancePath}/${escapePointer(params.missingProperty)}`, message: 'is required' };
  if (e.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    return {
      path: `${e.instancePath}/${escapePointer(params.additionalProperty)}`,
      message: 'is not allowed by the schema',
    };
  const allowed = Array.isArray(params.allowedValues)
    ? `: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
    : '';
  return { path: clip(e.instancePath), message: clip(`${e.message ?? e.keyword}${allowed}`) };
}

function escapePointer(key: string): string {
  return clip(key.replace(/~/g, '~0').replace(/\//g, '~1'), 200);
}

/**
 * What is wrong with a schema as JSON Schema, each at its path inside the schema (a JSON pointer,
 * '' for the whole): empty when it is a schema Ajv can compile. One problem per path, the
 * meta-schema's first word on it (an `anyOf` adds two more that say the same).
 */
export function schemaProblems(schema: unknown): SchemaViolation[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return [{ path: '', message: 'must be a JSON object' }];
  const size = schemaSizeProblem(schema);
  if (size) return [{ path: '', message: size }];
  if (!ajv.validateSchema(schema)) {
    const byPath = new Map<string, SchemaViolation>();
    for (const e of ajv.errors ?? []) {
      const v = violationOf(e);
      if (!byPath.has(v.path)) byPath.set(v.path, v);
    }
    return [...byPath.values()].slice(0, MAX_VIOLATIONS);
  }
  const validate = validatorFor(schema);
  return typeof validate === 'string' ? [{ path: '', message: validate }] : [];
}

/** The editor's text: JSON first, then JSON Schema. */
export function schemaTextProblems(text: string): SchemaViolation[] {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (err) {
    return [{ path: '', message: clip(`is not JSON: ${err instanceof Error ? err.message : String(err)}`) }];
  }
  return schemaProblems(schema);
}

/**
 * A finished reply checked against the JSON format asked for: whether it parses, and for a
 * schema every violation at its JSON path (at most MAX_VIOLATIONS kept, the rest counted).
 */
export function checkReply(text: string, format: Exclude<ResponseFormat, { type: 'text' }>): FormatCheck {
  const base =
    format.type === 'json_schema'
      ? { format: format.type, name: format.json_schema.name }
      : { format: format.type };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ...base, outcome: 'not-json', detail: clip(err instanceof Error ? err.message : String(err)) };
  }
  if (format.type === 'json_object') {
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    return isObject
      ? { ...base, outcome: 'valid' }
      : { ...base, outcome: 'invalid', violations: [{ path: '', message: 'must be a JSON object' }] };
  }
  const validate = validatorFor(format.json_schema.schema);
  if (typeof validate === 'string') return { ...base, outcome: 'schema-error', detail: validate };
  if (validate(value)) return { ...base, outcome: 'valid' };
  const violations = (validate.errors ?? []).map(violationOf);
  return {
    ...base,
    outcome: 'invalid',
    violations: violations.slice(0, MAX_VIOLATIONS),
    ...(violations.length > MAX_VIOLATIONS ? { more: violations.length - MAX_VIOLATIONS } : {}),
  };
}
