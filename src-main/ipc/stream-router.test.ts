import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../src-shared/chat/chat-events';
import { createAppStreamRouter } from './app-router';
import { testServices } from './services.test-helper';
import { recordingSubscriber } from './stream-hub.test-helper';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const top = { url: 'http://127.0.0.1:5780/', isMainFrame: true };

function setup(sandbox = { tokenDelayMs: 1 }) {
  const t = testServices({ sandbox });
  cleanup = t.close;
  const router = createAppStreamRouter(t.services, (s) => s.isMainFrame);
  return { t, router };
}

const ask = (content: string, conversationId?: string) => ({
  conversationId,
  model: 'sandbox-chat-1',
  messages: [{ role: 'user' as const, content }],
});
const texts = (events: unknown[]) =>
  (events as ChatStreamEvent[]).flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');

describe('stream routes over the real services and Sandbox', () => {
  it('subscribes, then starts: the subscriber gets the deltas and the saved reply', async () => {
    const { t, router } = setup();
    const frame = recordingSubscriber();
    const started = await router.subscribe('chat.reply', 'stream-0001', ask('Hello'), top, frame.subscriber);
    expect(started).toMatchObject({ ok: true, data: { conversationId: expect.any(String) } });
    const done = await frame.ended<Extract<ChatStreamEvent, { type: 'done' }>>('stream-0001');
    expect(done.type).toBe('done');
    expect(texts(frame.events('stream-0001'))).toBe(done.message.content);
    expect(t.services.streams.size).toBe(0);
  });

  it('streams two replies at once, each only to the frame that asked, into its own conversation', async () => {
    const { t, router } = setup({ tokenDelayMs: 5 });
    const one = recordingSubscriber();
    const two = recordingSubscriber();
    await router.subscribe(
      'chat.reply',
      'stream-one1',
      ask('First question', 'conv-one'),
      top,
      one.subscriber,
    );
    await router.subscribe(
      'chat.reply',
      'stream-two2',
      ask('Second question', 'conv-two'),
      top,
      two.subscriber,
    );
    await Promise.all([one.ended('stream-one1'), two.ended('stream-two2')]);
    expect(one.delivered.every((d) => d.streamId === 'stream-one1')).toBe(true);
    expect(two.delivered.every((d) => d.streamId === 'stream-two2')).toBe(true);
    expect(texts(one.events('stream-one1'))).toContain('First question');
    expect(texts(two.events('stream-two2'))).toContain('Second question');
    expect(t.services.chat.get('conv-one').messages[1].content).toContain('First question');
    expect(t.services.chat.get('conv-two').messages[1].content).toContain('Second question');
  });

  it('aborts the fetch on unsubscribe; another frame cannot unsubscribe it', async () => {
    const { t, router } = setup({ tokenDelayMs: 5 });
    const frame = recordingSubscriber();
    const other = recordingSubscriber();
    await router.subscribe(
      'chat.reply',
      'stream-stop',
      ask('write 5000 tokens', 'conv-stop'),
      top,
      frame.subscriber,
    );
    await frame.until(() => frame.events('stream-stop').length > 0);
    expect(router.unsubscribe(other.subscriber, 'stream-stop')).toBe(false);
    expect(router.unsubscribe(frame.subscriber, 'stream-stop')).toBe(true);
    // Stopped, not finished: the gateway request ended as aborted and the partial text is kept.
    await frame.until(() => t.services.chat.get('conv-stop').messages.length === 2);
    expect(t.services.chat.get('conv-stop').messages[1]).toMatchObject({ stopped: true });
    expect(frame.delivered.some((d) => d.last)).toBe(false);
  });

  it('aborts the streams of a frame that goes away and lets the others finish', async () => {
    const { t, router } = setup({ tokenDelayMs: 5 });
    const gone = recordingSubscriber();
    const stays = recordingSubscriber();
    await router.subscribe(
      'chat.reply',
      'stream-gone',
      ask('write 5000 tokens', 'conv-gone'),
      top,
      gone.subscriber,
    );
    await router.subscribe('chat.reply', 'stream-stay', ask('Short one', 'conv-stay'), top, stays.subscriber);
    expect(router.drop(gone.subscriber)).toBe(1);
    const done = await stays.ended<ChatStreamEvent>('stream-stay');
    expect(done.type).toBe('done');
    await gone.until(() => t.services.chat.get('conv-gone').messages.length === 2);
    expect(t.services.chat.get('conv-gone').messages[1]).toMatchObject({ stopped: true });
  });

  it('refuses an id in use, a malformed id, a foreign frame and an unknown stream', async () => {
    const { router } = setup({ tokenDelayMs: 5 });
    const a = recordingSubscriber();
    const b = recordingSubscriber();
    await router.subscribe('chat.reply', 'stream-dupe', ask('long reply'), top, a.subscriber);
    const dupe = await router.subscribe('chat.reply', 'stream-dupe', ask('Hi'), top, b.subscriber);
    expect(dupe).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(b.delivered).toEqual([]);
    const bad = await router.subscribe('chat.reply', '../x', ask('Hi'), top, b.subscriber);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const framed = await router.subscribe(
      'chat.reply',
      'stream-fram',
      ask('Hi'),
      { ...top, isMainFrame: false },
      b.subscriber,
    );
    expect(framed).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    const unknown = await router.subscribe('chat.nope', 'stream-none', {}, top, b.subscriber);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_route' } });
    await a.ended('stream-dupe');
  });

  it('frees the id of a start that was refused', async () => {
    const { t, router } = setup();
    const a = recordingSubscriber();
    const refused = await router.subscribe(
      'chat.reply',
      'stream-retry',
      { model: 'sandbox-chat-1', messages: [{ role: 'assistant', content: 'x' }] },
      top,
      a.subscriber,
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(t.services.streams.size).toBe(0);
    const retried = await router.subscribe('chat.reply', 'stream-retry', ask('Hi'), top, a.subscriber);
    expect(retried.ok).toBe(true);
    await a.ended('stream-retry');
  });

  // Found by the IPC fuzz test: zod recursed through the versions until the stack overflowed and
  // the start rejected instead of resolving to a Result.
  it('refuses a history whose versions are nested thousands deep, as invalid input', async () => {
    const { t, router } = setup();
    let message: Record<string, unknown> = { role: 'user', content: 'x' };
    for (let i = 0; i < 20_000; i++) message = { role: 'user', content: 'x', alternatives: [[message]] };
    const refused = await router.subscribe(
      'chat.reply',
      'stream-deep',
      { model: 'sandbox-chat-1', messages: [message] },
      top,
      recordingSubscriber().subscriber,
    );
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: '(input): is nested too deeply or too large to check' },
    });
    expect(t.services.streams.size).toBe(0);
  });
});
