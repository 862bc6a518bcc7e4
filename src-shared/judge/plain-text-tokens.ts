import type { CountTokens } from './judge-estimate';

type GptTokenizer = { countTokens(text: string, opts: { disallowedSpecial: Set<string> }): number };

/**
 * gpt-tokenizer's count of a text as the user wrote it: a special token's name in a state
 * ("<|endoftext|>") is counted as the text it is, where the tokenizer would otherwise throw.
 * Main's workers and the window count the same way.
 */
export function plainTextCounter(tokenizer: GptTokenizer): CountTokens {
  return (text) => tokenizer.countTokens(text, { disallowedSpecial: new Set() });
}
