import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, StoredMessage } from '../../../src-shared/chat/conversation';

// The bridge answers from `saved`; `held` keeps the whole-conversation call waiting until released.
const calls: { route: string; input: unknown }[] = [];
let release: () => void = () => {};
// Messages saved between the two calls (a reply from elsewhere).
let grown = 0;
vi.mock('../../bridge/api', async (real) => ({
  ...(await real<object>()),
  call: async (route: string, input: { id: string; last?: number }) => {
    calls.push({ route, input });
    if (route === 'chat.conversations.head') {
      const c = saved();
      return { conversation: { ...c, messages: c.messages.slice(-input.last!) }, total: c.messages.length };
    }
    if (route === 'chat.conversations.messages') {
      await new Promise<void>((r) => (release = r));
      const { from, to } = input as unknown as { from: number; to: number };
      return { messages: saved().messages.slice(from, to), total: saved().messages.length + grown };
    }
    if (route === 'chat.conversations.get') return saved();
    throw new Error(`unexpected route ${route}`);
  },
  openStream: async () => {
    calls.push({ route: 'stream', input: undefined });
  },
}));

const { useChat, FIRST_MESSAGES } = await import('./chat-store');

const saved = (): Conversation =>
  ({
    id: 'long',
    title: 'long',
    createdAt: 1,
    updatedAt: 1,
    model: 'm',
    system: '',
    params: {},
    messages: Array.from({ length: 200 }, (_, i): StoredMessage => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i}`,
    })),
  }) as Conversation;

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('opening a long conversation newest messages first', () => {
  beforeEach(() => {
    calls.length = 0;
    grown = 0;
    useChat.setState({ conversationId: undefined, messages: [], live: {}, partial: undefined, draft: '' });
  });

  it('asks first for the newest messages only, shows them, then holds the whole conversation', async () => {
    const opening = useChat.getState().openById('long');
    await tick();
    expect(calls[0]).toEqual({
      route: 'chat.conversations.head',
      input: { id: 'long', last: FIRST_MESSAGES },
    });
    // The second call asks only for what the first did not bring.
    expect(calls[1]).toEqual({
      route: 'chat.conversations.messages',
      input: { id: 'long', from: 0, to: 200 - FIRST_MESSAGES },
    });
    expect(useChat.getState().messages).toEqual(saved().messages.slice(-FIRST_MESSAGES));
    expect(useChat.getState().partial).toBe('long');
    release();
    await opening;
    expect(useChat.getState().messages).toEqual(saved().messages);
    expect(useChat.getState().partial).toBeUndefined();
  });

  it('sends, regenerates, edits and switches no branch from the partial copy', async () => {
    const opening = useChat.getState().openById('long');
    await tick();
    const s = useChat.getState();
    s.setDraft('more');
    await s.send();
    await s.regenerate();
    await s.editAndResend(useChat.getState().messages.length - 2, 'edited');
    await s.continueReply();
    await s.switchBranch(1, 0);
    expect(calls.map((c) => c.route)).toEqual(['chat.conversations.head', 'chat.conversations.messages']);
    expect(useChat.getState().draft).toBe('more');
    release();
    await opening;
  });

  it('reads the whole conversation when it changed between the two calls', async () => {
    grown = 1;
    const opening = useChat.getState().openById('long');
    await tick();
    release();
    await opening;
    expect(calls.at(-1)?.route).toBe('chat.conversations.get');
    expect(useChat.getState().messages).toEqual(saved().messages);
  });

  it('keeps a conversation opened meanwhile when the first one’s rest arrives', async () => {
    const opening = useChat.getState().openById('long');
    await tick();
    useChat.getState().newChat();
    release();
    await opening;
    expect(useChat.getState().messages).toEqual([]);
    expect(useChat.getState().conversationId).toBeUndefined();
  });
});
