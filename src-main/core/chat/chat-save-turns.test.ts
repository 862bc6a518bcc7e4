import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../../src-shared/chat/chat-events';
import { testServices } from '../../ipc/services.test-helper';
import { recordingSubscriber } from '../../ipc/stream-hub.test-helper';
import { StreamHub } from '../../ipc/stream-hub';
import { conversationRepository } from '../db/conversation-repository';
import { KeyScrubber } from '../security/key-scrubber';
import { StorageNotices } from '../storage/storage-notices';
import { ChatService } from './chat-service';

/**
 * A reply's end in turns of its own (docs/architecture.md, "The path of a chat delta"): the
 * reply made a message (its text scrubbed), its save, and its end event to the window each run
 * in a timer turn apart, so a 2,000,000-character reply's full-text indexing and its end event
 * never hold main together. Counted by the order of what happened, not timed.
 */
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('the end of a reply', () => {
  it('makes the message, saves it and sends its end, each in a turn of its own', async () => {
    const t = testServices();
    cleanup = t.close;
    const order: string[] = [];
    const repo = conversationRepository({ db: t.database, notices: new StorageNotices() });
    let puts = 0;
    const scrubber = new KeyScrubber();
    const scrub = scrubber.scrub.bind(scrubber);
    scrubber.scrub = (text) => {
      order.push('message');
      return scrub(text);
    };
    const chat = new ChatService({
      client: t.services.client,
      profiles: t.services.profiles,
      conversations: {
        ...repo,
        put: (c) => {
          // The first put is the user's message, before the reply streams.
          if (++puts > 1) order.push('save');
          return repo.put(c);
        },
      },
      attachments: t.services.attachments,
      emit: () => undefined,
      scrubber,
    });
    const hub = new StreamHub();
    const rec = recordingSubscriber();
    const sink = hub.subscribe(
      {
        send: (id, event, last) => {
          if (last) order.push('end');
          rec.subscriber.send(id, event, last);
        },
      },
      'reply-turns',
    );
    // A timer that marks each turn of the event loop while the reply runs.
    const ticker = setInterval(() => {
      if (order.at(-1) !== 'turn') order.push('turn');
    }, 0);
    try {
      await chat.start({ model: 'sandbox-chat-1', messages: [{ role: 'user', content: 'Hello' }] }, sink);
      const ended = await rec.ended<ChatStreamEvent>('reply-turns');
      expect(ended.type).toBe('done');
    } finally {
      clearInterval(ticker);
    }
    const end = order.slice(order.lastIndexOf('message'), order.indexOf('end') + 1);
    expect(end).toEqual(['message', 'turn', 'save', 'turn', 'end']);
    expect(repo.get(chat.list()[0].id)?.messages).toHaveLength(2);
  });
});
