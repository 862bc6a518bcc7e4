import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { installFakeBridge } from '../../test/fake-bridge';
import { ChatTab } from './ChatTab';
import { useChat } from './chat-store';
import { MessageItem } from './MessageItem';

beforeEach(() => {
  useChat.setState({
    conversationId: undefined,
    messages: [],
    draft: '',
    model: 'wild-reasoner',
    live: {},
    error: undefined,
  });
});

function renderChat() {
  const bridge = installFakeBridge({
    'chat.conversations.list': () => [],
    'chat.conversations.get': () => undefined,
    'chat.reply': (input) => ({ conversationId: (input as { conversationId: string }).conversationId }),
    'models.list': () => [],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChatTab />
    </QueryClientProvider>,
  );
  return bridge;
}

const toggle = () => screen.getByRole('button', { name: /Thinking|Thought for/ });

describe('the Thinking block', () => {
  it('is open while the model thinks, closes when the answer starts, and keeps the saved reasoning', async () => {
    const bridge = renderChat();
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: '6 × 7?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(bridge.streamId(0)).toBeTruthy());

    bridge.streamEvent(bridge.streamId(0), { type: 'reasoning', text: 'Six times seven…' });
    await screen.findByText('Six times seven…');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByText('Waiting for the first token…')).toBeNull();

    bridge.streamEvent(bridge.streamId(0), { type: 'delta', text: 'It is 42.' });
    await screen.findByText('It is 42.');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Six times seven…')).toBeNull();

    const message: StoredMessage = {
      role: 'assistant',
      content: 'It is 42.',
      reasoning: 'Six times seven is 42.',
      stats: { totalMs: 2000, firstReasoningMs: 100, reasoningMs: 1500, firstTokenMs: 1600 },
    };
    bridge.streamEvent(bridge.streamId(0), { type: 'done', message }, true);
    // The saved message replaces the live one: closed, with how long the model thought.
    const saved = await screen.findByRole('button', { name: /Thought for 1.5 s/ });
    expect(saved.getAttribute('aria-expanded')).toBe('false');
    const reply = saved.closest('article')!;
    expect(reply.getAttribute('aria-busy')).toBeNull();
    expect(within(reply).getByLabelText('Reply statistics').textContent).toMatch(
      /first thought 100 ms · thinking 1.5 s · first token 1600 ms/,
    );
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(within(reply).getByText('Six times seven is 42.')).toBeTruthy();
  });
});

describe('reply notes', () => {
  const stats = (finishReason?: string) => ({ totalMs: 10, finishReason });
  const notes = (message: StoredMessage) => {
    const { unmount } = render(<MessageItem message={message} position={1} idle last />);
    const found = screen.queryAllByRole('note').map((n) => n.textContent);
    unmount();
    return found;
  };

  it('says why a reply ended when it was not a plain stop', () => {
    expect(notes({ role: 'assistant', content: 'a', stats: stats('length') })).toEqual([
      expect.stringMatching(/cut off at the token limit/),
    ]);
    expect(notes({ role: 'assistant', content: 'a', stats: stats('content_filter') })).toEqual([
      expect.stringMatching(/content filter/),
    ]);
    expect(notes({ role: 'assistant', content: 'a', stats: stats('stop') })).toEqual([]);
    expect(notes({ role: 'assistant', content: 'a' })).toEqual([]);
  });

  it('says so when the model only thought, instead of an empty bubble', () => {
    expect(notes({ role: 'assistant', content: '', reasoning: 'hmm', stats: stats('stop') })).toEqual([
      expect.stringMatching(/only thought and wrote no answer/),
    ]);
  });
});

describe('the live reply while nothing arrives', () => {
  const showLive = (text: string, silentMs: number) => {
    const live = {
      streamId: 's1',
      conversationId: 'c1',
      text,
      reasoning: '',
      startedAt: Date.now() - silentMs,
      lastAt: Date.now() - silentMs,
      accepted: true,
    };
    useChat.setState({ conversationId: 'c1', live: { c1: live } });
    return render(
      <MessageItem message={{ role: 'assistant', content: '' }} position={0} idle={false} last live />,
    );
  };

  it('counts the seconds of silence before the first token and after text', () => {
    showLive('', 0).unmount();
    expect(screen.queryByText(/Waiting for the first token… \d/)).toBeNull();
    showLive('', 5200);
    expect(screen.getByText('Waiting for the first token… 5 s')).toBeTruthy();
  });

  it('says how long the stream has been silent after text arrived', () => {
    showLive('Some text', 7100);
    expect(screen.getByText('Nothing received for 7 s — still waiting.')).toBeTruthy();
  });
});
