import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { loadLanguage } from '../../i18n/i18n';
import { MessageItem } from './MessageItem';
import { MessageList } from './MessageList';
import { useChat } from './chat-store';

const refused: StoredMessage = {
  role: 'assistant',
  content: '',
  refusal: "I can't help with that.",
  stats: { totalMs: 5, finishReason: 'stop' },
};
const called: StoredMessage = {
  role: 'assistant',
  content: 'Checking the weather.',
  toolCalls: [
    { id: 'call_a1', name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' },
    { id: 'call_b2', name: 'get_time', arguments: '{"zone": "Europe/Paris"' },
  ],
  stats: { totalMs: 5, finishReason: 'tool_calls' },
};

afterEach(async () => {
  localStorage.removeItem('gatehouse.language');
  await loadLanguage();
});

describe('a refusal in a reply', () => {
  it('is shown as a labelled refusal, not as an empty reply', () => {
    render(<MessageItem message={refused} position={1} idle last />);
    const note = screen.getByRole('note', { name: 'Refusal' });
    expect(note.textContent).toContain("I can't help with that.");
  });
});

describe('tool calls in a reply', () => {
  it('shows each call’s name, its arguments pretty-printed when they are JSON and raw when not', async () => {
    render(<MessageItem message={called} position={1} idle last />);
    // The block loads on first use (lazy-chat-parts.tsx): a note says so meanwhile.
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const weather = await screen.findByRole('group', { name: 'Tool call get_weather' });
    expect(within(weather).getByText('get_weather')).toBeTruthy();
    expect(weather.querySelector('pre')?.textContent).toBe('{\n  "city": "Paris",\n  "unit": "celsius"\n}');
    const time = screen.getByRole('group', { name: 'Tool call get_time' });
    expect(time.querySelector('pre')?.textContent).toBe('{"zone": "Europe/Paris"');
    // Ending to call a tool is how such a reply should end: no "ended early" note.
    expect(screen.queryByText(/ended early/)).toBeNull();
  });
});

describe('both blocks in Chinese', () => {
  it('labels the refusal and the tool call in the window’s language', async () => {
    localStorage.setItem('gatehouse.language', 'zh-CN');
    await loadLanguage();
    render(
      <>
        <MessageItem message={refused} position={1} idle last={false} />
        <MessageItem message={called} position={3} idle last />
      </>,
    );
    expect(screen.getByRole('note', { name: '拒绝回答' })).toBeTruthy();
    expect(await screen.findByRole('group', { name: '工具调用 get_weather' })).toBeTruthy();
  });
});

describe('the choices of an n > 1 reply', () => {
  it('appear as the reply’s versions, the first shown as 1/2', () => {
    useChat.setState({
      conversationId: 'c1',
      messages: [
        { role: 'user', content: 'Q' },
        {
          role: 'assistant',
          content: 'First version.',
          alternatives: [[{ role: 'assistant', content: 'Second version.' }]],
          branchIndex: 0,
        },
      ],
      draft: '',
      model: 'm',
      live: {},
      error: undefined,
    });
    render(<MessageList />);
    const reply = screen.getByRole('article', { name: 'Assistant' });
    expect(reply.textContent).toContain('First version.');
    expect(reply.textContent).toContain('1/2');
  });
});
