import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { costYuan, estimateJudge, JUDGE_RESERVATION_YUAN } from './judge-estimate';
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
    expect(JUDGE_RESERVATION_YUAN).toBeCloseTo(0.0224, 6);
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
  });

  it('flags a state over the 32k pair limit and the 64k context', () => {
    const big = 'lorem ipsum dolor sit amet '.repeat(7000);
    const e = estimateJudge(big, [q], count);
    expect(e.stateTokens).toBeGreaterThan(32_000);
    expect(e.overPairLimit).toBe(true);
    const huge = estimateJudge(big + big + big, [q], count);
    expect(huge.overContextLimit).toBe(true);
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
    expect(parseState({ mode: 'json', text: '[1]' })).toMatchObject({ ok: false, message: /JSON object/ });
    expect(parseState({ mode: 'json', text: '{' })).toMatchObject({ ok: false, message: /valid JSON/ });
    expect(parseState({ mode: 'list', text: '["x", 2]' })).toMatchObject({
      ok: false,
      message: /item 2 must be a text/,
    });
    expect(parseState({ mode: 'text', text: '  ' })).toMatchObject({ ok: false, message: /required/ });
  });
});
