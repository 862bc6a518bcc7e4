/**
 * The state the questions are judged against (spec §2.4): text, a JSON object or a list of
 * texts. Zod-free so the window checks it as the user types and main checks it again.
 */
export type StateMode = 'text' | 'json' | 'list';

/** The longest state main accepts, in characters: for a run and for a saved test case alike. */
export const STATE_TEXT_MAX = 2_000_000;
export const STATE_MODES: readonly StateMode[] = ['text', 'json', 'list'];

export interface StateInput {
  mode: StateMode;
  /** Exactly what the user typed; kept so a failed run never loses it. */
  text: string;
}

export type StateValue = string | Record<string, unknown> | string[];

/** `code` + `params` are translated by the window (`judge.stateRule.<code>`); `message` is main's English. */
export type StateRuleCode =
  | 'textRequired'
  | 'jsonRequired'
  | 'jsonInvalid'
  | 'jsonNotObject'
  | 'listInvalid'
  | 'listNotArray'
  | 'listItemNotText'
  | 'listEmpty'
  | 'listNoLines';

export type ParsedState =
  | { ok: true; value: StateValue }
  | { ok: false; code: StateRuleCode; params?: Record<string, string | number>; message: string };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function parseState(input: StateInput): ParsedState {
  const { mode, text } = input;
  if (mode === 'text') {
    return text.trim()
      ? { ok: true, value: text }
      : { ok: false, code: 'textRequired', message: 'is required: type the text to judge' };
  }
  if (mode === 'json') {
    if (!text.trim()) return { ok: false, code: 'jsonRequired', message: 'is required: type a JSON object' };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      const detail = errorText(err);
      return {
        ok: false,
        code: 'jsonInvalid',
        params: { detail },
        message: `must be valid JSON (${detail})`,
      };
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return {
        ok: false,
        code: 'jsonNotObject',
        message: 'must be a JSON object ({ … }), not an array or a single value',
      };
    return { ok: true, value: value as Record<string, unknown> };
  }
  // A list: a JSON array of strings, or one text per line.
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (err) {
      const detail = errorText(err);
      return {
        ok: false,
        code: 'listInvalid',
        params: { detail },
        message: `must be a valid JSON array (${detail})`,
      };
    }
    if (!Array.isArray(value))
      return { ok: false, code: 'listNotArray', message: 'must be a JSON array of texts' };
    const bad = value.findIndex((v) => typeof v !== 'string');
    if (bad >= 0)
      return {
        ok: false,
        code: 'listItemNotText',
        params: { n: bad + 1 },
        message: `item ${bad + 1} must be a text (every item of the list is text)`,
      };
    if (value.length === 0) return { ok: false, code: 'listEmpty', message: 'needs at least one text' };
    return { ok: true, value: value as string[] };
  }
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  return lines.length > 0
    ? { ok: true, value: lines }
    : { ok: false, code: 'listNoLines', message: 'needs at least one line of text' };
}
