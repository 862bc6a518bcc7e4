import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { MessageItem } from './MessageItem';
import { TokenHeat } from './TokenHeat';

const reply = (extra: Partial<StoredMessage>): StoredMessage => ({
  role: 'assistant',
  content: '{"city":"Paris","population":2100000}',
  ...extra,
});
const show = (message: StoredMessage) =>
  render(<MessageItem message={message} position={1} idle={true} last={true} />);

describe('a reply to a JSON format', () => {
  it('shows formatted JSON with a Raw toggle, and the check saying it is valid', () => {
    show(reply({ formatCheck: { format: 'json_schema', name: 'city', outcome: 'valid' } }));
    const formatted = screen.getByRole('button', { name: 'Formatted' });
    expect(formatted.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.json-reply')?.textContent).toBe(
      '{\n  "city": "Paris",\n  "population": 2100000\n}',
    );
    expect(screen.getByRole('note', { name: 'JSON check' }).textContent).toBe(
      'The reply is valid JSON and matches the schema “city”.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Raw' }));
    expect(document.querySelector('.json-reply')).toBeNull();
    expect(screen.getByRole('button', { name: 'Raw' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lists each violation at its path', () => {
    show(
      reply({
        formatCheck: {
          format: 'json_schema',
          name: 'city',
          outcome: 'invalid',
          violations: [
            { path: '/population', message: 'must be string' },
            { path: '', message: 'must have at most 1 property' },
          ],
          more: 3,
        },
      }),
    );
    const note = screen.getByRole('note', { name: 'JSON check' });
    expect(within(note).getByText('The reply does not match the schema “city”:')).toBeTruthy();
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['/population must be string', '(the whole reply) must have at most 1 property']);
    expect(within(note).getByText('…and 3 more.')).toBeTruthy();
  });

  it('says a reply that is not JSON is not, and shows it as written with no toggle', () => {
    show({
      role: 'assistant',
      content: 'Sure, here it is.',
      formatCheck: { format: 'json_object', outcome: 'not-json', detail: 'Unexpected token S' },
    });
    expect(screen.getByRole('note', { name: 'JSON check' }).textContent).toBe(
      'The reply is not JSON: Unexpected token S',
    );
    expect(screen.queryByRole('button', { name: 'Formatted' })).toBeNull();
  });

  it('shows an older reply, saved before checks, as before', () => {
    show({ role: 'assistant', content: '{"a": 1}' });
    expect(screen.queryByRole('note', { name: 'JSON check' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Show the reply as' })).toBeNull();
  });
});

const logprobs = {
  tokens: [
    {
      token: 'The',
      logprob: -0.01,
      top: [
        { token: 'The', logprob: -0.01 },
        { token: 'A', logprob: -4.6 },
      ],
    },
    { token: ' answer', logprob: -0.69 },
    {
      token: ' is',
      logprob: -2.3,
      top: [
        { token: ' was', logprob: -0.2 },
        { token: ' is', logprob: -2.3 },
      ],
    },
  ],
};

describe('the Probabilities view', () => {
  it('is offered beside the reply and shows each token with its probability in its name', async () => {
    show({ role: 'assistant', content: 'The answer is', logprobs });
    fireEvent.click(screen.getByRole('button', { name: 'Probabilities' }));
    // Loaded when first asked for (lazy-chat-parts.tsx).
    const list = await screen.findByRole('listbox', { name: 'Token probabilities of the reply' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual([
      'The, 99%',
      'answer, 50.2%',
      'is, 10%',
    ]);
    expect(options.map((o) => o.textContent)).toEqual(['The', ' answer', ' is']);
    // The shade and the underline say the same: likeliest p5, least likely p1.
    expect(options.map((o) => o.className)).toEqual(['token p5', 'token p3', 'token p1']);
  });

  it('has one tab stop, moves with the arrow keys, and shows the alternatives of the token focused', () => {
    render(<TokenHeat logprobs={logprobs} />);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.tabIndex)).toEqual([0, -1, -1]);
    options[0].focus();
    fireEvent.keyDown(options[0], { key: 'End' });
    expect(document.activeElement).toBe(options[2]);
    expect(options.map((o) => o.tabIndex)).toEqual([-1, -1, 0]);
    const alternatives = screen.getByRole('table', { name: 'Alternatives' });
    expect(
      within(alternatives)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['␣was81.9%', '␣is10%']);
    expect(screen.getByText('“␣is”: 10%')).toBeTruthy();
    fireEvent.keyDown(options[2], { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(options[1]);
    expect(screen.getByText('No alternatives were sent (set “Alternatives per token”).')).toBeTruthy();
  });

  it('shows a token’s alternatives on hover too, and says when tokens were cut', () => {
    render(<TokenHeat logprobs={{ ...logprobs, cut: true }} />);
    expect(
      screen.getByText('Hover over or focus a token to see its probability and alternatives.'),
    ).toBeTruthy();
    fireEvent.mouseEnter(screen.getAllByRole('option')[0]);
    expect(screen.getByText('“The”: 99%')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Alternatives' }).textContent).toContain('A1%');
    expect(screen.getByRole('note').textContent).toBe(
      'Not every token or alternative is kept: at most 20,000 tokens per reply.',
    );
  });
});
