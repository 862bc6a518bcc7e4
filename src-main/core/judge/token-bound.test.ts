import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeTexts } from '../../../src-shared/judge/judge-estimate';
import { sampleQuestions } from './sample-questions.test-helper';
import { inThreadTokenCounter, tokenBound } from './token-counter';

/*
 * askJudge skips counting when the texts' UTF-8 byte lengths are under the guard's thresholds
 * (docs/architecture.md, "The judge's tokenizer"). That is sound only if no text has more tokens
 * than bytes, which holds for a byte-level BPE: this proves it for the tokenizer the app counts
 * with, over random Unicode (astral characters, lone surrogates, special tokens' names).
 */
const count = async (s: string) => (await inThreadTokenCounter.count([s]))[0];

const anyUnicode = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  // UTF-16 code units one by one: lone surrogates included.
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 300 }),
  fc
    .array(fc.constantFrom('<|endoftext|>', '<|endofprompt|>', '<|im_start|>', ' ', 'a', '中文', '😀'))
    .map((parts) => parts.join('')),
);

describe('a text’s UTF-8 byte length bounds its token count', () => {
  it('holds for random Unicode strings', async () => {
    await fc.assert(
      fc.asyncProperty(anyUnicode, async (s) => {
        expect(await count(s)).toBeLessThanOrEqual(tokenBound(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('holds for the texts a request counts, whatever the state', async () => {
    await fc.assert(
      fc.asyncProperty(anyUnicode, async (s) => {
        const texts = judgeTexts(s, sampleQuestions);
        const all = [texts.state, texts.envelope, ...texts.questions];
        const counts = await inThreadTokenCounter.count(all);
        counts.forEach((n, i) => expect(n).toBeLessThanOrEqual(tokenBound(all[i])));
      }),
      { numRuns: 300 },
    );
  });

  it('counts a special token’s name in a state as plain text instead of throwing', async () => {
    expect(await count('a <|endoftext|> b')).toBeGreaterThan(3);
  });
});
