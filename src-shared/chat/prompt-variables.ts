import { z } from 'zod';

/** `{{name}}`: letters, digits, `_`, `.` and `-`, starting with a letter or `_`; spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]{0,63})\s*\}\}/g;
const NAME = /^[A-Za-z_][\w.-]{0,63}$/;

export const VARIABLES_MAX = 50;
export const VARIABLE_VALUE_MAX = 100_000;

/** The values a request fills its placeholders with, by name. */
export const promptVariablesSchema = z
  .record(z.string().max(64), z.string().max(VARIABLE_VALUE_MAX, 'must be at most 100,000 characters'))
  .superRefine((v, ctx) => {
    const names = Object.keys(v);
    if (names.length > VARIABLES_MAX)
      ctx.addIssue({ code: 'custom', message: `must hold at most ${VARIABLES_MAX} variables` });
    // Checked here, not as the record's key schema, so the message names the variable and the rule.
    for (const name of names) {
      if (!NAME.test(name)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'must be a variable name: letters, digits, _ . -, up to 64',
        });
      }
    }
  });
export type PromptVariables = z.infer<typeof promptVariablesSchema>;

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
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value ? value : whole;
  });
}
