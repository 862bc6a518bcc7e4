import { describe, expect, it } from 'vitest';
import { graderState } from './grader-state';

const row = { variables: { customer: 'Ada', issue: 'late parcel' }, expected: 'refund' };

describe('the grader’s state', () => {
  it('is the row’s variables and the reply as JSON by default', () => {
    expect(graderState({ mode: 'default' }, row, 'Sorry! Refunded.', 'gold')).toEqual({
      ok: true,
      state: { variables: { customer: 'Ada', issue: 'late parcel' }, reply: 'Sorry! Refunded.' },
    });
  });

  it('fills a text, JSON or list template with the columns, the expected value and the reply', () => {
    expect(
      graderState({ mode: 'text', template: 'Customer: {{issue}}\nAgent: {{reply}}' }, row, 'Done.'),
    ).toEqual({
      ok: true,
      state: 'Customer: late parcel\nAgent: Done.',
    });
    expect(
      graderState(
        {
          mode: 'json',
          template: { customer_message: '{{issue}}', agent_reply: '{{reply}}', gold: '{{gold}}' },
        },
        row,
        'Done.',
        'gold',
      ),
    ).toEqual({ ok: true, state: { customer_message: 'late parcel', agent_reply: 'Done.', gold: 'refund' } });
    expect(graderState({ mode: 'list', template: ['{{issue}}', '{{reply}}'] }, row, 'Done.')).toEqual({
      ok: true,
      state: ['late parcel', 'Done.'],
    });
  });

  it('names what the row lacks, and refuses a state the judge would refuse', () => {
    expect(
      graderState(
        { mode: 'json', template: { g: '{{gold}}', a: '{{reply}}' } },
        { variables: {} },
        'x',
        'gold',
      ),
    ).toEqual({
      ok: false,
      problem: 'The grader’s state template needs {{gold}}, which the row does not have.',
    });
    expect(graderState({ mode: 'text', template: '{{reply}}' }, row, '  ')).toEqual({
      ok: false,
      problem: 'The grader’s state is empty for this row and reply: the judge needs text to grade.',
    });
  });
});
