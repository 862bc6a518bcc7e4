/** Mirrors MAX_EMBEDDING_INPUTS in main's media-inputs.ts (the window may not import zod code). */
export const EMBED_MAX_INPUTS = 500;

export type EmbedInputs =
  | { inputs: string[]; json: boolean; error?: undefined }
  | { inputs: []; json: true; error: 'json-invalid' | 'json-shape' };

/**
 * The box holds one input per line, or a JSON array of strings (detected by a leading '['),
 * which is the only way to embed a text that itself contains newlines.
 */
export function parseEmbedInputs(text: string): EmbedInputs {
  if (text.trimStart().startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { inputs: [], json: true, error: 'json-invalid' };
    }
    if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === 'string')) {
      return { inputs: [], json: true, error: 'json-shape' };
    }
    return { inputs: parsed.map((x) => x.trim()).filter(Boolean), json: true };
  }
  return {
    inputs: text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
    json: false,
  };
}
