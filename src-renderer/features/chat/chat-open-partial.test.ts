import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, StoredMessage } from '../../../src-shared/chat/conversation';

// The bridge answers from `saved()`; the older messages' call waits until `release()`.
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
    if (route === 'chat.conversations.switchBranch') return saved();
    throw new Error(`unexpected route ${route}`);
  },
  openStream: async (route: string, input: unknown) => {
    calls.push({ route, input });
  },
}));

const { useChat } = await import('./chat-store');
const { useCompare } = await import('./compare-store');
const { FIRST_CHARS, FIRST_LEAST, FIRST_MESSAGES, REST_AFTER_MS } = await import('./open-newest-first');

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

const MISSING = 200 - FIRST_MESSAGES;
// Timers are fake throughout, so an open's idle-time read never lands in a later test.
const tick = () => vi.advanceTimersByTimeAsync(0);
const routes = () => calls.map((c) => c.route);
const sentMessages = () =>
  (calls.find((c) => c.route === 'chat.reply')?.input as { messages: StoredMessage[] } | undefined)?.messages;

/** Opens the long conversation; the older messages are not asked for until something needs them. */
async function openHead() {
  await useChat.getState().openById('long');
  expect(routes()).toEqual(['chat.conversations.head']);
}

describe('opening a long conversation newest messages first', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    calls.length = 0;
    grown = 0;
    useChat.setState({
      conversationId: undefined,
      messages: [],
      live: {},
      partial: undefined,
      missing: 0,
      draft: '',
      model: 'm',
    });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the newest messages at once and reads the older ones only once the window has been idle', async () => {
    await openHead();
    expect(calls[0].input).toEqual({
      id: 'long',
      last: FIRST_MESSAGES,
      chars: FIRST_CHARS,
      least: FIRST_LEAST,
    });
    expect(useChat.getState().messages).toEqual(saved().messages.slice(-FIRST_MESSAGES));
    expect(useChat.getState().partial).toBe('long');
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS - 10);
    expect(routes()).toEqual(['chat.conversations.head']);
    await vi.advanceTimersByTimeAsync(10);
    // Only what the first call did not bring.
    expect(calls[1]).toEqual({
      route: 'chat.conversations.messages',
      input: { id: 'long', from: 0, to: MISSING },
    });
    release();
    await tick();
    expect(useChat.getState().messages).toEqual(saved().messages);
    expect(useChat.getState().partial).toBeUndefined();
  });

  it('shows the newest messages in one store update, already marked partial: subscribers are told once', async () => {
    const seen: { partial?: string; missing: number; messages: number }[] = [];
    const stop = useChat.subscribe((s) =>
      seen.push({ partial: s.partial, missing: s.missing, messages: s.messages.length }),
    );
    try {
      await openHead();
    } finally {
      stop();
    }
    expect(seen).toEqual([{ partial: 'long', missing: MISSING, messages: FIRST_MESSAGES }]);
  });

  it('counts the idle wait from the latest open of the conversation', async () => {
    await openHead();
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS - 400);
    await useChat.getState().openById('long');
    // The first open's wait is over, the second's is not.
    await vi.advanceTimersByTimeAsync(400);
    expect(routes()).not.toContain('chat.conversations.messages');
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS - 400);
    expect(routes()).toContain('chat.conversations.messages');
    release();
    await tick();
    expect(useChat.getState().messages).toEqual(saved().messages);
  });

  it('leaves no wait of an earlier open behind: another open stops it', async () => {
    await openHead();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS - 400);
    await useChat.getState().openById('long');
    // The second open's wait alone: the first would wake the window for nothing.
    expect(vi.getTimerCount()).toBe(1);
  });

  it('reads the older messages once, however many ask for them', async () => {
    await openHead();
    const a = useChat.getState().loadRest('long');
    const b = useChat.getState().loadRest('long');
    await tick();
    release();
    await Promise.all([a, b]);
    expect(routes().filter((r) => r === 'chat.conversations.messages')).toHaveLength(1);
    expect(useChat.getState().messages).toEqual(saved().messages);
  });

  it('sends from the whole conversation, never from the partial copy', async () => {
    await openHead();
    useChat.getState().setDraft('more');
    const sending = useChat.getState().send();
    await tick();
    expect(routes()).not.toContain('chat.reply');
    release();
    await sending;
    expect(sentMessages()).toEqual([...saved().messages, { role: 'user', content: 'more' }]);
  });

  it('edits the question the user saw: its place in the partial copy is moved to its place in the whole', async () => {
    await openHead();
    // Message 198 is the partial copy's second to last.
    const editing = useChat.getState().editAndResend(FIRST_MESSAGES - 2, 'edited');
    await tick();
    release();
    await editing;
    expect(sentMessages()).toEqual([...saved().messages.slice(0, 198), { role: 'user', content: 'edited' }]);
  });

  it('regenerates and switches versions at the real positions', async () => {
    await openHead();
    const regenerating = useChat.getState().regenerate(FIRST_MESSAGES - 1);
    await tick();
    release();
    await regenerating;
    expect(sentMessages()).toEqual(saved().messages.slice(0, 199));
    calls.length = 0;
    useChat.setState({ live: {} });
    await openHead();
    const switching = useChat.getState().switchBranch(3, 1);
    await tick();
    release();
    await switching;
    expect(calls.find((c) => c.route === 'chat.conversations.switchBranch')?.input).toEqual({
      id: 'long',
      position: MISSING + 3,
      index: 1,
    });
  });

  it('compares side by side from the whole conversation', async () => {
    await openHead();
    useCompare.setState({
      prompt: 'which?',
      columns: useCompare.getState().columns.map((c) => ({ ...c, model: 'm' })),
    });
    const comparing = useCompare.getState().send();
    await tick();
    expect(routes()).not.toContain('chat.compare');
    release();
    await comparing;
    const asked = calls.filter((c) => c.route === 'chat.compare');
    expect(asked).toHaveLength(2);
    expect((asked[0].input as { messages: StoredMessage[] }).messages).toEqual([
      ...saved().messages,
      { role: 'user', content: 'which?' },
    ]);
  });

  it('reads the whole conversation when it changed between the two calls', async () => {
    grown = 1;
    await openHead();
    const rest = useChat.getState().loadRest('long');
    await tick();
    release();
    await rest;
    expect(routes().at(-1)).toBe('chat.conversations.get');
    expect(useChat.getState().messages).toEqual(saved().messages);
  });

  it('reads the whole conversation when main saved it meanwhile, even at the same length', async () => {
    await openHead();
    await useChat.getState().conversationSaved('long');
    const rest = useChat.getState().loadRest('long');
    await tick();
    release();
    await rest;
    expect(routes().at(-1)).toBe('chat.conversations.get');
  });

  it('keeps a conversation opened meanwhile, and sends nothing for the first one', async () => {
    await openHead();
    useChat.getState().setDraft('more');
    const sending = useChat.getState().send();
    await tick();
    useChat.getState().newChat();
    release();
    await sending;
    expect(useChat.getState().messages).toEqual([]);
    expect(useChat.getState().conversationId).toBeUndefined();
    expect(routes()).not.toContain('chat.reply');
  });
});
