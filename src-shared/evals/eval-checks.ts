import type { EvalCheck, EvalCheckKind } from './eval-check-schema';
import { type DatasetRow, fillTemplates, missingMessage } from './fill-template';

/**
 * The deterministic checks on one reply (docs/architecture.md, "Evals"): each
 * gives pass, fail, or `null` when it cannot be checked (the cost of a model without a price,
 * a placeholder the row lacks), always with the reason in words.
 */
export interface CheckResult {
  kind: EvalCheckKind;
  pass: boolean | null;
  reason: string;
}

export interface CheckedReply {
  /** The reply's text, as the model answered. */
  text: string;
  latencyMs: number;
  /** Undefined when it is not known (no price for the model, no usage in the reply). */
  costYuan?: number;
  row: DatasetRow;
  /** The dataset's expected column: `{{it}}` in a check's text is the row's expected value. */
  expectedColumn?: string;
}

/**
 * Checks a parsed value against a JSON Schema: the violations in words, empty when it conforms.
 * Main passes Ajv's (src-main/core/evals/json-schema-validator.ts): Ajv compiles code, which the
 * shared layer and the window do not.
 */
export type SchemaValidator = (value: unknown, schema: Record<string, unknown>) => string[];

const quote = (s: string) => `“${s.length > 80 ? `${s.slice(0, 79)}…` : s}”`;
const VIOLATIONS_SHOWN = 3;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, reason: `is not valid JSON (${err instanceof Error ? err.message : String(err)})` };
  }
}

function rowValues(reply: CheckedReply): Record<string, string> {
  const { variables, expected } = reply.row;
  return reply.expectedColumn && expected !== undefined
    ? { ...variables, [reply.expectedColumn]: expected }
    : variables;
}

export function runCheck(check: EvalCheck, reply: CheckedReply, validate: SchemaValidator): CheckResult {
  const result = (pass: boolean | null, reason: string): CheckResult => ({ kind: check.kind, pass, reason });
  const { text } = reply;
  switch (check.kind) {
    case 'contains':
    case 'not-contains': {
      const filled = fillTemplates([check.text], rowValues(reply));
      if (!filled.ok) return result(null, `cannot be checked: the check ${missingMessage(filled.missing)}`);
      const needle = filled.texts[0];
      const found = check.ignoreCase
        ? text.toLowerCase().includes(needle.toLowerCase())
        : text.includes(needle);
      const what = `${quote(needle)}${check.ignoreCase ? ' (ignoring case)' : ''}`;
      const pass = check.kind === 'contains' ? found : !found;
      return result(pass, found ? `contains ${what}` : `does not contain ${what}`);
    }
    case 'regex': {
      const re = new RegExp(check.pattern, check.flags);
      const shown = `/${check.pattern}/${check.flags}`;
      return re.test(text) ? result(true, `matches ${shown}`) : result(false, `does not match ${shown}`);
    }
    case 'valid-json': {
      const parsed = parseJson(text);
      return parsed.ok ? result(true, 'is valid JSON') : result(false, parsed.reason);
    }
    case 'json-schema': {
      const parsed = parseJson(text);
      if (!parsed.ok) return result(false, parsed.reason);
      const violations = validate(parsed.value, check.schema);
      if (violations.length === 0) return result(true, 'matches the schema');
      const more =
        violations.length > VIOLATIONS_SHOWN ? ` (and ${violations.length - VIOLATIONS_SHOWN} more)` : '';
      return result(
        false,
        `does not match the schema: ${violations.slice(0, VIOLATIONS_SHOWN).join('; ')}${more}`,
      );
    }
    case 'max-length': {
      // Characters as a person counts them: code points, so an emoji is one.
      const chars = [...text].length;
      return chars <= check.chars
        ? result(
            true,
            `is ${chars.toLocaleString('en')} characters (at most ${check.chars.toLocaleString('en')})`,
          )
        : result(
            false,
            `is ${chars.toLocaleString('en')} characters, over the limit of ${check.chars.toLocaleString('en')}`,
          );
    }
    case 'max-latency': {
      const ms = Math.round(reply.latencyMs);
      return reply.latencyMs <= check.ms
        ? result(true, `took ${ms.toLocaleString('en')} ms (at most ${check.ms.toLocaleString('en')})`)
        : result(
            false,
            `took ${ms.toLocaleString('en')} ms, over the limit of ${check.ms.toLocaleString('en')}`,
          );
    }
    case 'max-cost': {
      if (reply.costYuan === undefined)
        return result(null, 'cannot be checked: the cost is not known (no price for this model)');
      return reply.costYuan <= check.yuan
        ? result(true, `cost ¥${reply.costYuan} (at most ¥${check.yuan})`)
        : result(false, `cost ¥${reply.costYuan}, over the limit of ¥${check.yuan}`);
    }
  }
}

/** Every check of the eval on one reply, in the definition's order. */
export function runChecks(
  checks: readonly EvalCheck[],
  reply: CheckedReply,
  validate: SchemaValidator,
): CheckResult[] {
  return checks.map((c) => runCheck(c, reply, validate));
}

/** A cell passes its checks when none failed and none could not be checked; true with no checks. */
export function checksPassed(results: readonly CheckResult[]): boolean {
  return results.every((r) => r.pass === true);
}
