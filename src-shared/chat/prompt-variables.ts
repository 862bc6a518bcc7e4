/**
 * `{{name}}` placeholders: finding and filling them. No zod here: the window's start bundle uses
 * these (the chat store), and the request schema lives in prompt-variables-schema.ts.
 */

/** `{{name}}`: letters, digits, `_`, `.` and `-`, starting with a letter or `_`; spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]{0,63})\s*\}\}/g;
/** A variable's name, as a placeholder holds it. */
export const VARIABLE_NAME = /^[A-Za-z_][\w.-]{0,63}$/;

/** The values a request fills its placeholders with, by name. */
export type PromptVariables = Record<string, string>;

/** The placeholder names in `texts`, each once, in the order they first appear. */
export function variableNames(texts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(PLACEHOLDER)) names.add(m[1]);
  return [...names];
}

/**
 * `text` with each placeholder whose variable has a value replaced by it. A placeholder without
 * a value (or with an empty one) is sent as written: a question about a template language keeps
 * its braces unless the user gives them a value.
 */
export function fillVariables(text: string, values: PromptVariables | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return replacePlaceholders(text, (name) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value ? value : undefined;
  });
}

/**
 * `text` with each placeholder replaced by `value(name)`, in one pass (a value holding `{{x}}` is
 * not filled again); `undefined` keeps the placeholder as written. Evals fill every placeholder,
 * empty values included, and name the missing ones first (docs/architecture.md, "Evals").
 */
export function replacePlaceholders(text: string, value: (name: string) => string | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => value(name) ?? whole);
}
