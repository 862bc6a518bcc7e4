import type { EvalCheck, EvalCheckKind } from '../../../src-shared/evals/eval-check-schema';
import type { EvalRecord, EvalSpec } from '../../../src-shared/evals/eval-definition';
import { REPLY_VARIABLE } from '../../../src-shared/evals/eval-limits';
import { variableNames } from '../../../src-shared/chat/prompt-variables';

/**
 * The eval being edited, as the window holds it (docs/architecture.md, "Evals").
 * Types only from the schemas: the Evals tab never loads zod, main checks every save.
 */
export type EvalDraft = EvalSpec;

/** A variant's or target's id that the draft does not use yet (ids name the cells, so they stay). */
export function freshId(prefix: string, taken: readonly { id: string }[]): string {
  for (let n = taken.length + 1; ; n++)
    if (!taken.some((x) => x.id === `${prefix}${n}`)) return `${prefix}${n}`;
}

/**
 * A new eval: one column, one prompt, one target on the selected profile. The prompt uses no
 * placeholder yet: an import of rows is refused while a prompt names a column it would not have.
 */
export function newDraft(name: string, user: string, profileId: string, model: string): EvalDraft {
  return {
    name,
    dataset: { source: { kind: 'stored' }, columns: ['input'] },
    variants: [{ id: 'v1', name: 'A', system: '', user, params: {} }],
    targets: [{ id: 't1', profileId, model }],
    checks: [],
    repeats: 1,
    minimums: [],
  };
}

/** The definition of a stored eval, without its id and times. */
export function draftOf(record: EvalRecord): EvalDraft {
  const { id: _id, createdAt: _c, updatedAt: _u, ...spec } = record;
  return spec;
}

/** A check of `kind` with the fields it needs, ready to fill in. */
export function newCheck(kind: EvalCheckKind): EvalCheck {
  switch (kind) {
    case 'contains':
    case 'not-contains':
      return { kind, text: '', ignoreCase: false };
    case 'regex':
      return { kind, pattern: '', flags: '' };
    case 'valid-json':
      return { kind };
    case 'json-schema':
      return { kind, schema: { type: 'object' } };
    case 'max-length':
      return { kind, chars: 2000 };
    case 'max-latency':
      return { kind, ms: 10_000 };
    case 'max-cost':
      return { kind, yuan: 0.1 };
  }
}

export const CHECK_KINDS: readonly EvalCheckKind[] = [
  'contains',
  'not-contains',
  'regex',
  'valid-json',
  'json-schema',
  'max-length',
  'max-latency',
  'max-cost',
];

/**
 * The placeholders of `text` that are not among `allowed`: named under the field before saving,
 * as main's rule would name them (eval-definition.ts, crossRules).
 */
export function unknownPlaceholders(text: string, allowed: readonly string[]): string[] {
  return variableNames([text]).filter((n) => !allowed.includes(n));
}

/** What the grader's and the checks' templates may use: the columns, the expected one, the reply. */
export function graderNames(dataset: EvalDraft['dataset']): string[] {
  const { columns, expectedColumn } = dataset;
  return [...columns, ...(expectedColumn ? [expectedColumn] : []), REPLY_VARIABLE];
}

/** main's issues by field path, `spec.` taken off (`variants.0.user` → its message). */
export function issuesByField(
  issues: readonly { path: string; message: string }[] | undefined,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of issues ?? []) {
    const path = i.path.replace(/^spec\.?/, '');
    out.set(path, out.has(path) ? `${out.get(path)}; ${i.message}` : i.message);
  }
  return out;
}
