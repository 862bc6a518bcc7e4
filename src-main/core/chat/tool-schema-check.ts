import Ajv, { type ErrorObject } from 'ajv';
import { invalidInput } from '../../../src-shared/result';
import type { Conversation } from '../../../src-shared/chat/conversation';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import {
  type ArgumentsCheck,
  parseToolArguments,
  type SchemaProblem,
} from '../../../src-shared/chat/chat-tools';

/**
 * Ajv's checks for tools (docs/architecture.md "Tools"): a function's parameters against the
 * JSON Schema meta-schema, and a call's arguments against those parameters. Here in main because
 * Ajv compiles each schema to a function and the window's CSP forbids compiling code.
 */

/** Most problems reported for one schema or one call: enough to fix, never a flood. */
const MAX_PROBLEMS = 20;

/**
 * A fresh Ajv per check: a schema's `$id` would otherwise stay registered and refuse the next
 * schema with the same id. The draft is the one the schema names (draft-07 when it names none).
 */
function ajvFor(schema: Record<string, unknown>) {
  const draft = typeof schema.$schema === 'string' ? schema.$schema : '';
  // Formats are not checked (that needs ajv-formats); unknown keywords are let through, as the
  // API lets them through too.
  const options = { allErrors: true, strict: false, validateFormats: false, logger: false } as const;
  if (draft.includes('2020-12')) return new Ajv2020(options);
  if (draft.includes('2019-09')) return new Ajv2019(options);
  return new Ajv(options);
}

function problemsOf(errors: ErrorObject[] | null | undefined): SchemaProblem[] {
  return (errors ?? []).slice(0, MAX_PROBLEMS).map((e) => {
    const extra =
      e.keyword === 'additionalProperties'
        ? `: ${String((e.params as { additionalProperty?: unknown }).additionalProperty)}`
        : e.keyword === 'enum'
          ? `: ${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)}`
          : '';
    return { path: e.instancePath, message: `${e.message ?? 'is not valid'}${extra}` };
  });
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Problems of a parameters schema: its shape against the meta-schema, then whether it compiles. */
export function toolSchemaProblems(schema: unknown): SchemaProblem[] {
  if (!isObject(schema)) return [{ path: '', message: 'must be a JSON object' }];
  const ajv = ajvFor(schema);
  try {
    if (!ajv.validateSchema(schema)) return problemsOf(ajv.errors);
    ajv.compile(schema);
    return [];
  } catch (err) {
    // A $ref to nowhere, a pattern that is not a regular expression, an unknown $schema.
    return [{ path: '', message: err instanceof Error ? err.message : String(err) }];
  }
}

/** A call's arguments (as the model wrote them) against its function's parameters schema. */
export function checkToolArguments(schema: unknown, rawArguments: string): ArgumentsCheck {
  const parsed = parseToolArguments(rawArguments);
  if (!parsed.ok) return { status: 'malformed', note: parsed.note };
  if (!isObject(schema)) return { status: 'ok' };
  const ajv = ajvFor(schema);
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch (err) {
    return {
      status: 'bad-schema',
      problems: [{ path: '', message: err instanceof Error ? err.message : String(err) }],
    };
  }
  return validate(parsed.value)
    ? { status: 'ok' }
    : { status: 'violations', problems: problemsOf(validate.errors) };
}

/**
 * A function whose parameters are not a JSON Schema is refused before anything is saved or sent,
 * naming where (the API would refuse it too, in words of its own).
 */
export function refuseBadToolSchemas(tools: Conversation['params']['tools']): void {
  tools?.forEach((tool, i) => {
    const [first] = tool.function.parameters ? toolSchemaProblems(tool.function.parameters) : [];
    if (first) throw invalidInput(`params.tools.${i}.function.parameters${first.path}`, first.message);
  });
}
