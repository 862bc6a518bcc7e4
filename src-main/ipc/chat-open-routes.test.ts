import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation, StoredMessage } from '../../src-shared/chat/conversation';
import { conversationRepository } from '../core/db/conversation-repository';
import { StorageNotices } from '../core/storage/storage-notices';
import { routerCalls, testServices } from './services.test-helper';

const t = testServices();
const { send, call } = routerCalls(t.services);
afterAll(() => t.close());

const messages: StoredMessage[] = Array.from({ length: 50 }, (_, i) => ({
  role: i % 2 ? 'assistant' : 'user',
  content: `message ${i}`,
}));
conversationRepository({ db: t.database, notices: new StorageNotices() }).put({
  id: 'long',
  title: 'long',
  createdAt: 1,
  updatedAt: 1,
  model: 'm',
  system: '',
  params: {},
  messages,
} as Conversation);

describe('opening a conversation newest messages first (docs/architecture.md, "The window")', () => {
  it('head gives the newest messages and the count; messages gives the rest, which joined are the whole', async () => {
    const head = await call<{ conversation: Conversation; total: number }>('chat.conversations.head', {
      id: 'long',
      last: 10,
    });
    expect(head.total).toBe(50);
    expect(head.conversation.messages).toEqual(messages.slice(40));
    expect(head.conversation.title).toBe('long');
    const older = await call<{ messages: StoredMessage[]; total: number }>('chat.conversations.messages', {
      id: 'long',
      from: 0,
      to: 40,
    });
    expect([...older.messages, ...head.conversation.messages]).toEqual(
      (await call<Conversation>('chat.conversations.get', { id: 'long' })).messages,
    );
  });

  it('head gives fewer when the newest already hold the characters asked for, never fewer than `least`', async () => {
    // "message 40" to "message 49": ten characters each, and "{}" for the rest as stored.
    const head = (input: object) =>
      call<{ conversation: Conversation; total: number }>('chat.conversations.head', {
        id: 'long',
        ...input,
      });
    expect((await head({ last: 10, chars: 36 })).conversation.messages).toEqual(messages.slice(47));
    expect((await head({ last: 10, chars: 36, least: 5 })).conversation.messages).toEqual(messages.slice(45));
    expect((await head({ last: 10, chars: 36 })).total).toBe(50);
  });

  it('names the field and the rule for a bad range or count', async () => {
    const bad = await send('chat.conversations.messages', { id: 'long', from: 5, to: 2 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!bad.ok && bad.error.message).toMatch(/from/);
    const none = await send('chat.conversations.head', { id: 'long', last: 0 });
    expect(!none.ok && none.error.message).toMatch(/last/);
  });
});

describe('opening a conversation whose regenerated reply was never saved', () => {
  it('brings the set-aside version back before giving the newest messages, as the whole read does', async () => {
    const repo = conversationRepository({ db: t.database, notices: new StorageNotices() });
    repo.put({
      id: 'crash',
      title: 'crash',
      createdAt: 1,
      updatedAt: 1,
      model: 'm',
      system: '',
      params: {},
      messages: messages.slice(0, 3),
      pendingBranches: { position: 3, tails: [[messages[3]]] },
    } as Conversation);
    const head = await call<{ conversation: Conversation; total: number }>('chat.conversations.head', {
      id: 'crash',
      last: 2,
    });
    expect(head.total).toBe(4);
    expect(head.conversation.pendingBranches).toBeUndefined();
    expect(repo.get('crash')?.pendingBranches).toBeUndefined();
    const whole = await call<Conversation>('chat.conversations.get', { id: 'crash' });
    expect(head.conversation.messages).toEqual(whole.messages.slice(-2));
    expect(whole.messages[3]).toMatchObject({ content: messages[3].content });
  });
});
