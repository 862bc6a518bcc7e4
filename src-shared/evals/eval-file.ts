import type { z } from 'zod';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../json-depth';
import { type EvalSpec, type EvalSpecInput, evalSpecSchema } from './eval-definition';
import { EVAL_FILE_TEXT_MAX } from './eval-limits';

/**
 * The eval file (docs/architecture.md, "Evals"): `{"gatehouse": "eval",
 * "version": 1, …the definition}`. Versioned, so a later Gatehouse reads an older file or
 * refuses a newer one by saying so; the command line runs the same file.
 */
export const EVAL_FILE_KIND = 'eval';
export const EVAL_FILE_VERSION = 1;

/** One problem, at its field's path (`variants[1].user`), in words. */
export interface EvalFileProblem {
  path: string;
  message: string;
}

export type ParsedEvalFile = { ok: true; spec: EvalSpec } | { ok: false; problems: EvalFileProblem[] };

/** At most this many problems are listed; the first ones say what to fix first. */
const PROBLEMS_SHOWN = 20;

/** `variants[1].user` from zod's path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

export function issuesOf(error: z.ZodError): EvalFileProblem[] {
  return error.issues.slice(0, PROBLEMS_SHOWN).map((i) => ({ path: fieldPath(i.path), message: i.message }));
}

const fail = (path: string, message: string): ParsedEvalFile => ({
  ok: false,
  problems: [{ path, message }],
});

export function parseEvalFile(text: string): ParsedEvalFile {
  if (text.length > EVAL_FILE_TEXT_MAX)
    return fail(
      '',
      `must be at most ${EVAL_FILE_TEXT_MAX / 1_000_000} MB: an eval file holds the definition, its dataset is a path`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return fail('', `is not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail('', 'must be a JSON object: {"gatehouse": "eval", "version": 1, …}');
  if (nestedDeeperThan(value)) return fail('', `is nested deeper than ${MAX_JSON_DEPTH} levels`);
  const { gatehouse, version, ...rest } = value as Record<string, unknown>;
  if (gatehouse !== EVAL_FILE_KIND)
    return fail(
      'gatehouse',
      gatehouse === undefined
        ? 'is missing: this is not a Gatehouse eval file ({"gatehouse": "eval", …})'
        : `must be "eval" (found ${JSON.stringify(gatehouse).slice(0, 60)}): this is not an eval file`,
    );
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return fail(
      'version',
      `must be a whole number from 1 (this Gatehouse reads version ${EVAL_FILE_VERSION})`,
    );
  if (version > EVAL_FILE_VERSION)
    return fail(
      'version',
      `is ${version}: the file was written by a newer Gatehouse (this one reads up to version ${EVAL_FILE_VERSION}); update Gatehouse to read it`,
    );
  const spec = evalSpecSchema.safeParse(rest);
  return spec.success ? { ok: true, spec: spec.data } : { ok: false, problems: issuesOf(spec.error) };
}

/** The file's text: the envelope first, then the definition as the schema reads it back. */
export function serializeEvalFile(spec: EvalSpec | EvalSpecInput): string {
  const checked = evalSpecSchema.parse(spec);
  return `${JSON.stringify({ gatehouse: EVAL_FILE_KIND, version: EVAL_FILE_VERSION, ...checked }, null, 2)}\n`;
}

/** The problems as lines for a message or the command line: `variants[1].user: is required`. */
export function problemLines(problems: readonly EvalFileProblem[]): string[] {
  return problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
}
