import type { StateValue } from '../judge/state-input';
import { REPLY_VARIABLE } from './eval-limits';
import type { StateTemplate } from './eval-definition';
import { type DatasetRow, fillTemplates, missingMessage } from './fill-template';

export type BuiltState = { ok: true; state: StateValue } | { ok: false; problem: string };

/**
 * The state the judge grades a reply on, built from the grader's template (docs/architecture.md,
 * "Evals"). `default` is `{"variables": {…}, "reply": "…"}`: nested, so a column
 * can have any name and the reply is always the field called `reply`. The others fill
 * `{{column}}`, the expected column and `{{reply}}` in each text.
 */
export function graderState(
  template: StateTemplate,
  row: DatasetRow,
  reply: string,
  expectedColumn?: string,
): BuiltState {
  if (template.mode === 'default') return { ok: true, state: { variables: { ...row.variables }, reply } };
  const values: Record<string, string> = { ...row.variables };
  if (expectedColumn && row.expected !== undefined) values[expectedColumn] = row.expected;
  values[REPLY_VARIABLE] = reply;
  const texts =
    template.mode === 'text'
      ? [template.template]
      : template.mode === 'list'
        ? template.template
        : Object.values(template.template);
  const filled = fillTemplates(texts, values);
  if (!filled.ok)
    return { ok: false, problem: `The grader’s state template ${missingMessage(filled.missing)}.` };
  if (template.mode === 'list') return { ok: true, state: filled.texts };
  if (template.mode === 'json') {
    const keys = Object.keys(template.template);
    return { ok: true, state: Object.fromEntries(keys.map((k, i) => [k, filled.texts[i]])) };
  }
  const text = filled.texts[0];
  // The judge refuses an empty text state (state-input.ts): say so here, with the cause.
  return text.trim()
    ? { ok: true, state: text }
    : {
        ok: false,
        problem: 'The grader’s state is empty for this row and reply: the judge needs text to grade.',
      };
}
