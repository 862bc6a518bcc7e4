import { describe, expect, it } from 'vitest';
import { parseState, type StateValue } from '../../../../src-shared/judge/state-input';
import { expectedText, stateInputOf, stateSummary } from './case-cells';
import { caseQuestions } from './cases-fixtures';

const [tone, helpfulness, refund] = caseQuestions;

describe('case cells', () => {
  it('shows a state on one line: text folded, a list with its count, JSON compact', () => {
    expect(stateSummary('Hello\n\n  there')).toBe('Hello there');
    expect(stateSummary(['first', 'second\nline'])).toBe('[2] first · second line');
    expect(stateSummary({ reply: 'hi', n: 2 })).toBe('{"reply":"hi","n":2}');
    expect(stateSummary('x'.repeat(1000)).length).toBe(240);
  });

  it('shows an answer as the grid reads it, and an index the set no longer has as a number', () => {
    expect(expectedText(tone, 1)).toBe('angry');
    expect(expectedText(helpfulness, 0)).toBe('1 · none');
    expect(expectedText(helpfulness, 9)).toBe('#10');
    expect(expectedText(refund, false)).toBe('false');
    expect(expectedText(tone, undefined)).toBe('');
    expect(expectedText(tone, 7)).toBe('#7');
  });

  it('gives the editor a text that parses back to the same state', () => {
    const states: StateValue[] = [
      'plain text\nover lines',
      ['one', 'two'],
      ['spans\nlines', ''],
      { reply: 'hi', nested: { a: [1, 2] } },
    ];
    for (const s of states) {
      const input = stateInputOf(s);
      expect(parseState(input)).toEqual({ ok: true, value: s });
    }
    expect(stateInputOf(['one', 'two'])).toEqual({ mode: 'list', text: 'one\ntwo' });
  });
});
