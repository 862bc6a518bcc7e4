import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import {
  clearlyOverLimit,
  costYuan,
  estimateJudge,
  JUDGE_CONTEXT_LIMIT,
  JUDGE_PAIR_LIMIT,
  JUDGE_RESERVATION_YUAN,
} from './judge-estimate';
import type { Question } from './question-rules';
import { parseState } from './state-input';

const count = (t: string) => encode(t).length;
const q: Question = {
  name: 'q',
  type: 'noul',
  instructions: 'The text is about cats',
  options: [],
  levels: [],
};

describe('token and cost estimate', () => {
  it('prices input tokens at 0.35 yuan per million and reserves 64k tokens', () => {
    expect(costYuan(1_000_000)).toBeCloseTo(0.35);
    expect(costYuan(1000)).toBeCloseTo(0.00035);
    // 64k = 65,536 tokens: 65,536 × 0.35 / 1e6 = 0.0229…, the spec's "about 0.023 yuan".
    expect(JUDGE_CONTEXT_LIMIT).toBe(65_536);
    expect(JUDGE_PAIR_LIMIT).toBe(32_768);
    expect(JUDGE_RESERVATION_YUAN).toBeCloseTo(0.0229376, 9);
    expect(JUDGE_RESERVATION_YUAN.toFixed(3)).toBe('0.023');
  });

  it('counts the state and the longest question with a real tokenizer', () => {
    const e = estimateJudge(
      'hello world',
      [q, { ...q, name: 'long', instructions: 'word '.repeat(50) }],
      count,
    );
    expect(e.stateTokens).toBe(count('hello world'));
    expect(e.longestQuestionName).toBe('long');
    expect(e.pairTokens).toBe(e.stateTokens + e.longestQuestionTokens);
    expect(e.totalTokens).toBeGreaterThan(e.pairTokens);
    expect(e.costYuan).toBeCloseTo(costYuan(e.totalTokens), 12);
    expect(e.overPairLimit).toBe(false);
    // The sum of the parts is close to counting the whole body at once.
    const whole = count(JSON.stringify({ model: 'judge-1.13.0', state: 'hello world', questions: {} }));
    expect(Math.abs(e.totalTokens - whole - 2 * e.longestQuestionTokens)).toBeLessThan(60);
  });

  it('tokenizes the state once per estimate', () => {
    const seen: string[] = [];
    const spy = (t: string) => {
      seen.push(t);
      return count(t);
    };
    estimateJudge('a long state text', [q, { ...q, name: 'q2' }], spy);
    expect(seen.filter((t) => t.includes('a long state text'))).toHaveLength(1);
  });

  it('flags a state over the 32k pair limit and the 64k context', () => {
    const big = 'lorem ipsum dolor sit amet '.repeat(7000);
    const e = estimateJudge(big, [q], count);
    expect(e.stateTokens).toBeGreaterThan(JUDGE_PAIR_LIMIT);
    expect(e.overPairLimit).toBe(true);
    const huge = estimateJudge(big + big + big, [q], count);
    expect(huge.overContextLimit).toBe(true);
  });

  it('main refuses only clearly-over requests, naming the limit', () => {
    const near = estimateJudge('word '.repeat(34_000), [q], count);
    expect(near.overPairLimit).toBe(true);
    expect(clearlyOverLimit(near)).toBeUndefined();
    const far = estimateJudge('word '.repeat(60_000), [q], count);
    expect(clearlyOverLimit(far)).toMatchObject({ path: 'state', message: /limit of 32,768 tokens/ });
  });
});

describe('state input', () => {
  it('reads text, a JSON object and a list', () => {
    expect(parseState({ mode: 'text', text: 'hi' })).toEqual({ ok: true, value: 'hi' });
    expect(parseState({ mode: 'json', text: '{"a":1}' })).toEqual({ ok: true, value: { a: 1 } });
    expect(parseState({ mode: 'list', text: 'one\n\ntwo\n' })).toEqual({ ok: true, value: ['one', 'two'] });
    expect(parseState({ mode: 'list', text: '["x","y"]' })).toEqual({ ok: true, value: ['x', 'y'] });
  });
  it('explains what is wrong', () => {
    expect(parseState({ mode: 'json', text: '[1]' })).toMatchObject({
      ok: false,
      code: 'jsonNotObject',
      message: /JSON object/,
    });
    expect(parseState({ mode: 'json', text: '{' })).toMatchObject({ ok: false, message: /valid JSON/ });
    expect(parseState({ mode: 'list', text: '["x", 2]' })).toMatchObject({
      ok: false,
      code: 'listItemNotText',
      params: { n: 2 },
      message: /item 2 must be a text/,
    });
    expect(parseState({ mode: 'text', text: '  ' })).toMatchObject({ ok: false, message: /required/ });
  });
});
