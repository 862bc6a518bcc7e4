import { replacePlaceholders, variableNames } from '../chat/prompt-variables';

/** A dataset row: its variables by column, and the expected value when the dataset has one. */
export interface DatasetRow {
  variables: Record<string, string>;
  expected?: string;
}

export type Filled = { ok: true; text: string } | { ok: false; missing: string[] };

/**
 * Every `{{name}}` of `templates` filled from `values`, or the names that have no value, each
 * once in the order they appear, before anything is sent. Unlike Chat (which sends a placeholder
 * with no value as written) an eval fills every one, an empty value included: a row is data, and
 * a prompt with `{{topic}}` left in it would be graded as if it were the row's.
 */
export function fillTemplates(
  templates: readonly string[],
  values: Record<string, string>,
): { ok: true; texts: string[] } | { ok: false; missing: string[] } {
  const missing = variableNames(templates).filter((n) => !Object.hasOwn(values, n));
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, texts: templates.map((t) => replacePlaceholders(t, (name) => values[name])) };
}

/** "needs {{a}} and {{b}}, which the row does not have" */
export function missingMessage(missing: readonly string[]): string {
  const names = missing.map((n) => `{{${n}}}`);
  const joined = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `needs ${joined}, which the row does not have`;
}
