import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ChatStreamEvent, StartChatInput } from '../../../src-shared/chat/chat-events';
import { StreamHub } from '../../ipc/stream-hub';
import { recordingSubscriber } from '../../ipc/stream-hub.test-helper';
import { testServices } from '../../ipc/services.test-helper';
import { chatBehaviours } from '../../test-support/wild-gateway/chat-behaviours';
import { startWildGateway, type WildGateway } from '../../test-support/wild-gateway/server';

export type Ended = Extract<ChatStreamEvent, { type: 'done' | 'error' }>;
type Services = ReturnType<typeof testServices>;

/**
 * ChatService tests against the wild gateway: one gateway per file, fresh services per test
 * (`services()`), and `reply()` to stream one answer the way the stream router does.
 */
export function wildChat() {
  let gw: WildGateway | undefined;
  let t: Services | undefined;
  let streams = 0;
  beforeAll(async () => {
    gw = await startWildGateway(chatBehaviours);
  });
  afterAll(() => gw?.close());
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const harness = {
    get gw(): WildGateway {
      if (!gw) throw new Error('the wild gateway is not started yet');
      return gw;
    },
    get t(): Services {
      if (!t) throw new Error('call services() first');
      return t;
    },
    /** Services whose active profile is a keyless OpenAI-compatible server: the wild gateway. */
    services(): Services {
      t = testServices();
      const p = t.services.profiles.save({
        name: 'Wild',
        kind: 'openai-compatible',
        host: `${harness.gw.origin}/v1`,
      });
      t.services.profiles.activate(p.id);
      return t;
    },
    async reply(input: StartChatInput, streamId = `reply-wild-${++streams}`) {
      const hub = new StreamHub();
      const rec = recordingSubscriber();
      const sink = hub.subscribe(rec.subscriber, streamId);
      const { conversationId } = await harness.t.services.chat.start(input, sink);
      const ended = await rec.ended<Ended>(streamId);
      return { conversationId, ended, events: rec.events(streamId) as ChatStreamEvent[] };
    },
    /** The messages of the last chat request the gateway received. */
    lastSent(): { role: string; content: string }[] {
      return (harness.gw.requests.at(-1)?.json as { messages: { role: string; content: string }[] }).messages;
    },
  };
  return harness;
}
