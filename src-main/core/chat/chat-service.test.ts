import { afterEach, describe, expect, it } from 'vitest';
import { testServices } from '../../ipc/services.test-helper';
import { conversationRepository } from '../db/conversation-repository';
import { StorageNotices } from '../storage/storage-notices';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('ChatService against the Sandbox', () => {
  it('saves the user message before streaming and the reply after, with stats', async () => {
    const t = testServices();
    cleanup = t.close;
    const { requestId, conversationId } = await t.services.chat.start({
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'Hello 你好' }],
    });
    // The user's words are saved before any reply arrives: a fresh reader of the database sees them.
    const onDisk = () => conversationRepository({ db: t.database, notices: new StorageNotices() });
    expect(onDisk().get(conversationId)?.messages).toEqual([{ role: 'user', content: 'Hello 你好' }]);
    const done = await t.waitFor('chat.done');
    expect(done.requestId).toBe(requestId);
    const deltas = t.events
      .filter((e) => e.name === 'chat.delta')
      .map((e) => (e.payload as { text: string }).text);
    expect(deltas.join('')).toBe(done.message.content);
    expect(done.message.stats?.usage?.completion_tokens).toBeGreaterThan(10);
    const saved = onDisk().get(conversationId)!;
    expect(saved.messages).toHaveLength(2);
    expect(saved.messages[1].content).toBe(done.message.content);
    expect(saved.title).toBe('Hello 你好');
    expect(t.services.chat.list()[0]).toMatchObject({ id: conversationId, messageCount: 2 });
  });

  it('keeps the partial reply when stopped', async () => {
    const t = testServices({ sandbox: { tokenDelayMs: 5 } });
    cleanup = t.close;
    const { requestId, conversationId } = await t.services.chat.start({
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'write 5000 tokens' }],
    });
    while (!t.events.some((e) => e.name === 'chat.delta')) await new Promise((r) => setTimeout(r, 5));
    expect(t.services.chat.abort(requestId)).toBe(true);
    const done = await t.waitFor('chat.done');
    expect(done.message.stopped).toBe(true);
    expect(done.message.content.length).toBeGreaterThan(0);
    expect(t.services.chat.get(conversationId).messages[1].stopped).toBe(true);
  });

  it('reports a failed stream with the error and the text that arrived', async () => {
    const t = testServices({ sandbox: { fault: 'cut-stream' } });
    cleanup = t.close;
    await t.services.chat.start({
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'long reply' }],
    });
    const failed = await t.waitFor('chat.error');
    expect(failed.error.code).toBe('network');
    expect(failed.message.content.length).toBeGreaterThan(0);
    expect(failed.message.error?.code).toBe('network');
  });

  it('refuses input that breaks the rules, naming the field', async () => {
    const t = testServices();
    cleanup = t.close;
    await expect(
      t.services.chat.start({ model: 'sandbox-chat-1', messages: [{ role: 'assistant', content: 'x' }] }),
    ).rejects.toThrow(/must end with a user message/);
    await expect(
      t.services.chat.start({
        model: 'm',
        params: { temperature: 3 },
        messages: [{ role: 'user', content: 'x' }],
      }),
    ).rejects.toThrow(/between 0 and 2/);
  });

  it('asks for a key before calling a real gateway profile', async () => {
    const t = testServices();
    cleanup = t.close;
    const p = t.services.profiles.save({
      name: 'Prod',
      kind: 'gateway-overseas',
      host: 'https://g.example.com/v1/',
    });
    expect(p.host).toBe('https://g.example.com');
    t.services.profiles.activate(p.id);
    await expect(
      t.services.chat.start({ model: 'x', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({
      error: { code: 'no_key' },
    });
  });
});

describe('a conversation deleted while its reply streams', () => {
  it('stays deleted', async () => {
    const t = testServices({ sandbox: { tokenDelayMs: 5 } });
    cleanup = t.close;
    const { conversationId } = await t.services.chat.start({
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'long reply' }],
    });
    t.services.chat.delete(conversationId);
    await t.waitFor('chat.done');
    expect(t.services.chat.list()).toEqual([]);
  });
});
