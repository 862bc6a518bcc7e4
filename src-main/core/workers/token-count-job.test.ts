import { describe, expect, it } from 'vitest';
import { tokenCountJobs } from './token-count-job';
import { COUNT_TOKENS_JOB } from './worker-messages';

const job = tokenCountJobs()[COUNT_TOKENS_JOB] as (input: unknown) => Promise<number[]>;

describe('the token count job', () => {
  it('counts each text in order, a special token’s name as plain text', async () => {
    expect(await job({ texts: ['hello world', '', '<|endoftext|>'] })).toEqual([2, 0, 7]);
  });

  it('refuses input that is not a list of texts, naming the field', () => {
    expect(() => job({ texts: 'hello' })).toThrow(/texts/);
    expect(() => job({ texts: Array.from({ length: 10_001 }, () => 'a') })).toThrow(/at most 10000/);
  });
});
