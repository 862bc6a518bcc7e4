import { afterEach, describe, expect, it } from 'vitest';
import { testServices } from '../../ipc/services.test-helper';
import { conversationRepository } from '../db/conversation-repository';
import { StorageNotices } from '../storage/storage-notices';
import type { ChatStreamEvent, StartChatInput } from '../../../src-shared/chat/chat-events';
import { StreamHub } from '../../ipc/stream-hub';
import { ChatService } from './chat-service';
import { recordingSubscriber } from '../../ipc/stream-hub.test-helper';

type Done = Extract<ChatStreamEvent, { type: 'done' }>;
type Failed = Extract<ChatStreamEvent, { type: 'error' }>;

/** Starts a reply the way the stream router does: through a hub, to one recording subscriber. */
async function startReply(
  t: ReturnType<typeof testServices>,
  input: StartChatInput,
  streamId = 'reply-0001',
) {
  const hub = new StreamHub();
  const rec = recordingSubscriber();
  const sink = hub.subscribe(rec.subscriber, streamId);
  const { conversationId } = await t.services.chat.start(input, sink);
  const deltas = () =>
    rec
      .events(streamId)
      .flatMap((e) => ((e as ChatStreamEvent).type === 'delta' ? [(e as { text: string }).text] : []));
  return {
    conversationId,
    signal: sink.signal,
    deltas,
    ended: <E extends ChatStreamEvent>() => rec.ended<E>(streamId),
    stop: () => hub.unsubscribe(rec.subscriber, streamId),
    until: rec.until,
  };
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('ChatService against the Sandbox', () => {
  it('saves the user message before streaming and the reply after, with stats', async () => {
    const t = testServices();
    cleanup = t.close;
    const reply = await startReply(t, {
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'Hello 你好' }],
    });
    const { conversationId } = reply;
    // The user's words are saved before any reply arrives: a fresh reader of the database sees them.
    const onDisk = () => conversationRepository({ db: t.database, notices: new StorageNotices() });
    expect(onDisk().get(conversationId)?.messages).toEqual([{ role: 'user', content: 'Hello 你好' }]);
    // The list hears of the new conversation as soon as it is saved.
    expect(t.events).toContainEqual({ name: 'chat.conversations.changed', payload: { conversationId } });
    const done = await reply.ended<Done>();
    expect(done.type).toBe('done');
    expect(reply.deltas().join('')).toBe(done.message.content);
    expect(done.message.stats?.usage?.completion_tokens).toBeGreaterThan(10);
    const saved = onDisk().get(conversationId)!;
    expect(saved.messages).toHaveLength(2);
    expect(saved.messages[1].content).toBe(done.message.content);
    expect(saved.title).toBe('Hello 你好');
    expect(t.services.chat.list()[0]).toMatchObject({ id: conversationId, messageCount: 2 });
    expect(t.events.filter((e) => e.name === 'chat.conversations.changed')).toHaveLength(2);
  });

  it('keeps the conversation id the window made for a new chat', async () => {
    const t = testServices();
    cleanup = t.close;
    const reply = await startReply(t, {
      conversationId: 'window-made-id',
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(reply.conversationId).toBe('window-made-id');
    await reply.ended();
    expect(t.services.chat.get('window-made-id').messages).toHaveLength(2);
  });

  it('aborts the fetch when unsubscribed and saves the partial reply as stopped', async () => {
    const t = testServices({ sandbox: { tokenDelayMs: 5 } });
    cleanup = t.close;
    const reply = await startReply(t, {
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'write 5000 tokens' }],
    });
    await reply.until(() => reply.deltas().length > 0);
    expect(reply.stop()).toBe(true);
    expect(reply.signal.aborted).toBe(true);
    // The saved reply is marked stopped: the gateway request ended as aborted, not as finished.
    await reply.until(() => t.services.chat.get(reply.conversationId).messages.length === 2);
    const saved = t.services.chat.get(reply.conversationId).messages[1];
    expect(saved.stopped).toBe(true);
    expect(saved.content.length).toBeGreaterThan(0);
    expect(saved.content.length).toBeLessThan(5000 * 4);
  });

  it('reports a failed stream with the error and the text that arrived', async () => {
    const t = testServices({ sandbox: { fault: 'cut-stream' } });
    cleanup = t.close;
    const reply = await startReply(t, {
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'long reply' }],
    });
    const failed = await reply.ended<Failed>();
    expect(failed.type).toBe('error');
    // The gateway was reached and began: a cut is a stream failure, not an unreachable gateway.
    expect(failed.error.code).toBe('stream_error');
    expect(failed.message.content.length).toBeGreaterThan(0);
    expect(failed.message.error?.code).toBe('stream_error');
  });

  it('refuses input that breaks the rules, naming the field', async () => {
    const t = testServices();
    cleanup = t.close;
    await expect(
      startReply(t, { model: 'sandbox-chat-1', messages: [{ role: 'assistant', content: 'x' }] }),
    ).rejects.toThrow(/must end with a user message/);
    await expect(
      startReply(t, {
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
    // The base URL as typed (no trailing slash); it calls https://g.example.com/v1/… as before.
    expect(p.host).toBe('https://g.example.com/v1');
    t.services.profiles.activate(p.id);
    await expect(
      startReply(t, { model: 'x', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({
      error: { code: 'no_key' },
    });
  });
});

describe('a conversation deleted while its reply streams', () => {
  it('stays deleted', async () => {
    const t = testServices({ sandbox: { tokenDelayMs: 5 } });
    cleanup = t.close;
    const reply = await startReply(t, {
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'long reply' }],
    });
    t.services.chat.delete(reply.conversationId);
    await reply.ended();
    expect(t.services.chat.list()).toEqual([]);
  });
});

describe('replies that cannot or must not be saved', () => {
  it('ends the stream with a storage error, keeping the text, when the save fails', async () => {
    const t = testServices();
    cleanup = t.close;
    const repo = conversationRepository({ db: t.database, notices: new StorageNotices() });
    let puts = 0;
    const failing = {
      ...repo,
      // The first put (the user's message) works; the reply's fails, as a full disk would.
      put: (c: Parameters<typeof repo.put>[0]) => {
        if (++puts > 1) throw new Error('database or disk is full');
        return repo.put(c);
      },
    };
    const chat = new ChatService({
      client: t.services.client,
      profiles: t.services.profiles,
      conversations: failing,
      attachments: t.services.attachments,
      emit: () => undefined,
    });
    const hub = new StreamHub();
    const rec = recordingSubscriber();
    await chat.start(
      { model: 'sandbox-chat-1', messages: [{ role: 'user', content: 'hi' }] },
      hub.subscribe(rec.subscriber, 'reply-save-fails'),
    );
    const ended = await rec.ended<Failed>('reply-save-fails');
    expect(ended.type).toBe('error');
    expect(ended.error).toMatchObject({ code: 'storage', message: expect.stringMatching(/disk is full/) });
    expect(ended.message.content.length).toBeGreaterThan(20);
  });

  it('keeps only the newest reply when a conversation is asked again before the first ends', async () => {
    const t = testServices({ sandbox: { tokenDelayMs: 5 } });
    cleanup = t.close;
    const messages = [{ role: 'user' as const, content: 'a question' }];
    const first = await startReply(t, { model: 'sandbox-chat-1', messages }, 'reply-first');
    // Stop, then Regenerate at once: the same history is sent again under a new stream.
    first.stop();
    const second = await startReply(
      t,
      { conversationId: first.conversationId, model: 'sandbox-chat-1', messages },
      'reply-second',
    );
    await first.until(() => first.signal.aborted);
    await second.ended<Done>();
    await t.services.chat.settle();
    const saved = t.services.chat.get(first.conversationId).messages;
    expect(saved.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(saved[1].stopped).toBeUndefined();
  });

  it('lets quitting wait until every reply under way is saved', async () => {
    const t = testServices({ sandbox: { tokenDelayMs: 5 } });
    cleanup = t.close;
    const reply = await startReply(t, {
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content: 'hi' }],
    });
    reply.stop();
    await t.services.chat.settle();
    const saved = t.services.chat.get(reply.conversationId).messages;
    expect(saved.at(-1)).toMatchObject({ role: 'assistant', stopped: true });
  });
});
