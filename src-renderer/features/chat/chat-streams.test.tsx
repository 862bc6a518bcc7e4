import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, StoredMessage } from '../../../src-shared/chat/conversation';
import { installFakeBridge } from '../../test/fake-bridge';
import { headRoutes } from './head-routes.test-helper';
import { ChatTab } from './ChatTab';
import { useChat } from './chat-store';

const conv = (id: string, title: string, messages: StoredMessage[]): Conversation => ({
  id,
  title,
  createdAt: 1,
  updatedAt: 1,
  profileId: 'sandbox',
  model: 'sandbox-chat-1',
  system: '',
  params: {},
  messages,
});

let table: Record<string, Conversation>;

/** The chat tab over a fake main that keeps conversations in `table` and streams on demand. */
function renderChat() {
  const bridge = installFakeBridge({
    'chat.conversations.list': () =>
      Object.values(table).map((c) => ({
        id: c.id,
        title: c.title,
        createdAt: 1,
        updatedAt: 1,
        messageCount: 0,
        pinned: false,
      })),
    'chat.conversations.get': (input) => table[(input as { id: string }).id],
    ...headRoutes((id) => table[id]),
    'chat.reply': (input) => {
      const { conversationId, messages } = input as { conversationId: string; messages: StoredMessage[] };
      table[conversationId] = { ...table[conversationId], messages };
      return { conversationId };
    },
    'models.list': () => [],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChatTab />
    </QueryClientProvider>,
  );
  /** Main saved the reply and says it is done, as ChatService does. */
  const finish = (n: number, conversationId: string, content: string) => {
    const message: StoredMessage = { role: 'assistant', content };
    table[conversationId].messages = [...table[conversationId].messages, message];
    bridge.streamEvent(bridge.streamId(n), { type: 'done', message }, true);
  };
  return { bridge, finish };
}

const pane = () => screen.getByRole('log', { name: 'Messages' });
const openConversation = async (name: string | RegExp) => {
  fireEvent.click(await screen.findByRole('button', { name }));
  await waitFor(() => expect(screen.getByRole('button', { name }).getAttribute('aria-current')).toBe('true'));
};
const send = async (text: string) => {
  const box = screen.getByLabelText('Message');
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
  await waitFor(() =>
    expect((screen.getByRole('button', { name: 'Stop' }) as HTMLButtonElement).disabled).toBe(false),
  );
};

beforeEach(() => {
  table = {
    a: conv('a', 'Alpha', [
      { role: 'user', content: 'First A' },
      { role: 'assistant', content: 'Old A reply' },
    ]),
    b: conv('b', 'Beta', [
      { role: 'user', content: 'First B' },
      { role: 'assistant', content: 'Old B reply' },
    ]),
  };
  useChat.setState({
    conversationId: undefined,
    messages: [],
    draft: '',
    model: 'sandbox-chat-1',
    live: {},
    error: undefined,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('replies in several conversations', () => {
  it('opens another conversation while one streams, sends there, and each reply lands in its own', async () => {
    const { bridge, finish } = renderChat();
    await openConversation('Alpha');
    await send('More A');
    bridge.streamEvent(bridge.streamId(0), { type: 'delta', text: 'Alpha streaming' });
    await within(pane()).findByText('Alpha streaming');

    // Not blocked: Beta opens at once, with Send (not Stop), and Alpha is marked as replying.
    await openConversation('Beta');
    expect(within(pane()).queryByText('Alpha streaming')).toBeNull();
    expect(within(pane()).getByText('Old B reply')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alpha — replying…' })).toBeTruthy();
    await send('More B');
    expect(
      bridge.calls
        .filter((c) => c.route === 'chat.reply')
        .map((c) => (c.input as { conversationId: string }).conversationId),
    ).toEqual(['a', 'b']);

    bridge.streamEvent(bridge.streamId(0), { type: 'delta', text: ' still alpha' });
    bridge.streamEvent(bridge.streamId(1), { type: 'delta', text: 'Beta streaming' });
    await within(pane()).findByText('Beta streaming');
    expect(within(pane()).queryByText(/still alpha/)).toBeNull();

    // Alpha ends in the background: nothing of it joins Beta's pane, and its mark goes away.
    finish(0, 'a', 'Alpha streaming still alpha, complete.');
    await screen.findByRole('button', { name: 'Alpha' });
    expect(within(pane()).queryByText(/Alpha streaming/)).toBeNull();
    finish(1, 'b', 'Beta streaming, complete.');
    await within(pane()).findByText('Beta streaming, complete.');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();

    await openConversation('Alpha');
    await within(pane()).findByText('Alpha streaming still alpha, complete.');
    expect(within(pane()).getAllByRole('article', { name: 'Assistant' })).toHaveLength(2);
  });

  it('shows the live text of a reply that went on streaming while another conversation was open', async () => {
    const { bridge } = renderChat();
    await openConversation('Alpha');
    await send('More A');
    await openConversation('Beta');
    bridge.streamEvent(bridge.streamId(0), { type: 'delta', text: 'Written while away' });
    await openConversation(/^Alpha/);
    await within(pane()).findByText('Written while away');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
  });

  it('stops only the open conversation’s reply', async () => {
    const { bridge } = renderChat();
    await openConversation('Alpha');
    await send('More A');
    await openConversation('Beta');
    await send('More B');
    bridge.streamEvent(bridge.streamId(1), { type: 'delta', text: 'Partial B' });
    await within(pane()).findByText('Partial B');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(bridge.unsubscribed).toEqual([bridge.streamId(1)]);
    expect(bridge.isSubscribed(bridge.streamId(0))).toBe(true);
    await within(pane()).findByText('Stopped — the text so far is kept.');
    expect(screen.getByRole('button', { name: 'Alpha — replying…' })).toBeTruthy();
  });

  it('starts a new chat while a reply streams, under an id made by the window', async () => {
    const { bridge } = renderChat();
    await openConversation('Alpha');
    await send('More A');
    fireEvent.keyDown(window, { key: 'n', ctrlKey: true });
    await screen.findByRole('heading', { name: 'Ask anything' });
    await send('A new topic');
    const [first, second] = bridge.calls.filter((c) => c.route === 'chat.reply');
    expect((first.input as { conversationId: string }).conversationId).toBe('a');
    expect((second.input as { conversationId: string }).conversationId).toMatch(/^[A-Za-z0-9-]{8,}$/);
    expect(second.streamId).not.toBe(first.streamId);
  });

  it('applies the deltas of all streams once per animation frame', async () => {
    const frames: FrameRequestCallback[] = [];
    const { bridge } = renderChat();
    await openConversation('Alpha');
    await send('More A');
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    bridge.streamEvent(bridge.streamId(0), { type: 'delta', text: 'one ' });
    bridge.streamEvent(bridge.streamId(0), { type: 'delta', text: 'two' });
    expect(frames).toHaveLength(1);
    expect(useChat.getState().live.a.text).toBe('');
    frames[0](0);
    expect(useChat.getState().live.a.text).toBe('one two');
    // A fast stream is shown at most about 30 times a second: a frame 16 ms later waits.
    bridge.streamEvent(bridge.streamId(0), { type: 'delta', text: ' three' });
    frames[1](16);
    expect(useChat.getState().live.a.text).toBe('one two');
    expect(frames).toHaveLength(3);
    frames[2](33);
    expect(useChat.getState().live.a.text).toBe('one two three');
  });
});

describe('a stream that began inside the thinking', () => {
  it('clears the answer shown when main says it was thinking, and shows it as reasoning', async () => {
    const frames: FrameRequestCallback[] = [];
    const { bridge } = renderChat();
    await openConversation('Alpha');
    await send('More A');
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const id = bridge.streamId(0);
    bridge.streamEvent(id, { type: 'delta', text: 'Hmm, 6 × 7.' });
    frames[0](0);
    expect(useChat.getState().live.a.text).toBe('Hmm, 6 × 7.');
    bridge.streamEvent(id, { type: 'delta', text: ' still' });
    bridge.streamEvent(id, { type: 'retract' });
    bridge.streamEvent(id, { type: 'reasoning', text: 'Hmm, 6 × 7. still' });
    bridge.streamEvent(id, { type: 'delta', text: '42.' });
    frames.at(-1)!(100);
    const live = useChat.getState().live.a;
    expect(live.text).toBe('42.');
    expect(live.reasoning).toBe('Hmm, 6 × 7. still');
  });
});

describe('a stream whose transport went away', () => {
  it('keeps the text that arrived, says why the rest will not, and frees the composer', async () => {
    const { bridge } = renderChat();
    await openConversation('Alpha');
    await send('More A');
    bridge.streamEvent(bridge.streamId(0), { type: 'delta', text: 'Half of a reply' });
    await within(pane()).findByText('Half of a reply');
    bridge.streamEvent(
      bridge.streamId(0),
      { type: 'lost', error: { code: 'network', message: 'The browser-mode server has stopped.' } },
      true,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    const replies = within(pane()).getAllByRole('article', { name: 'Assistant' });
    expect(replies.at(-1)!.textContent).toMatch(/Half of a reply/);
    expect(await within(replies.at(-1)!).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alpha' })).toBeTruthy();
  });
});
