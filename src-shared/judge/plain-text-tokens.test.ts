import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { plainTextCounter } from './plain-text-tokens';

describe('plainTextCounter', () => {
  it('counts a special token’s name in a state as text, where the tokenizer alone throws', () => {
    const state = 'The log ends with <|endoftext|> and then more words.';
    expect(() => countTokens(state)).toThrow();
    const n = plainTextCounter({ countTokens })(state);
    expect(n).toBeGreaterThan(countTokens('The log ends with  and then more words.'));
  });
});
