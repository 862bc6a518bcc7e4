/**
 * The state the questions are judged against (spec §2.4): text, a JSON object or a list of
 * texts. Zod-free so the window checks it as the user types and main checks it again.
 */
export type StateMode = 'text' | 'json' | 'list';
export const STATE_MODES: readonly StateMode[] = ['text', 'json', 'list'];

export interface StateInput {
  mode: StateMode;
  /** Exactly what the user typed; kept so a failed run never loses it. */
  text: string;
}

export type StateValue = string | Record<string, unknown> | string[];

export type ParsedState = { ok: true; value: StateValue } | { ok: false; message: string };

export function parseState(input: StateInput): ParsedState {
  const { mode, text } = input;
  if (mode === 'text') {
    return text.trim()
      ? { ok: true, value: text }
      : { ok: false, message: 'is required: type the text to judge' };
  }
  if (mode === 'json') {
    if (!text.trim()) return { ok: false, message: 'is required: type a JSON object' };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return {
        ok: false,
        message: `must be valid JSON (${err instanceof Error ? err.message : String(err)})`,
      };
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return { ok: false, message: 'must be a JSON object ({ … }), not an array or a single value' };
    return { ok: true, value: value as Record<string, unknown> };
  }
  // A list: a JSON array of strings, or one text per line.
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (err) {
      return {
        ok: false,
        message: `must be a valid JSON array (${err instanceof Error ? err.message : String(err)})`,
      };
    }
    if (!Array.isArray(value)) return { ok: false, message: 'must be a JSON array of texts' };
    const bad = value.findIndex((v) => typeof v !== 'string');
    if (bad >= 0)
      return { ok: false, message: `item ${bad + 1} must be a text (every item of the list is text)` };
    if (value.length === 0) return { ok: false, message: 'needs at least one text' };
    return { ok: true, value: value as string[] };
  }
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  return lines.length > 0
    ? { ok: true, value: lines }
    : { ok: false, message: 'needs at least one line of text' };
}
