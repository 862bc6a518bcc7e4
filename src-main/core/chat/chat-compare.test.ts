import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../../src-shared/chat/chat-events';
import type { CompareReplyInput } from '../../../src-shared/chat/compare';
import { AppFailure } from '../../../src-shared/result';
import { StreamHub } from '../../ipc/stream-hub';
import { recordingSubscriber } from '../../ipc/stream-hub.test-helper';
import { testServices } from '../../ipc/services.test-helper';
import { chatBehaviours } from '../../test-support/wild-gateway/chat-behaviours';
import { startWildGateway, type WildGateway } from '../../test-support/wild-gateway/server';

type Ended = Extract<ChatStreamEvent, { type: 'done' | 'error' }>;

let gw: WildGateway;
beforeAll(async () => {
  gw = await startWildGateway(chatBehaviours);
});
afterAll(() => gw.close());

let t: ReturnType<typeof testServices> | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Services on the Sandbox (active) with a second profile, the wild gateway, beside it. */
function services() {
  t = testServices();
  const wild = t.services.profiles.save({ name: 'Wild', kind: 'openai-compatible', host: `${gw.origin}/v1` });
  return { t, wildId: wild.id };
}

/** Opens one column the way the stream router does. */
async function column(s: ReturnType<typeof testServices>, input: CompareReplyInput, streamId: string) {
  const hub = new StreamHub();
  const rec = recordingSubscriber();
  const sink = hub.subscribe(rec.subscriber, streamId);
  const started = await s.services.chat.compare(input, sink);
  return {
    started,
    ended: () => rec.ended<Ended>(streamId),
    events: () => rec.events(streamId) as ChatStreamEvent[],
    stop: () => hub.unsubscribe(rec.subscriber, streamId),
  };
}

const question = [{ role: 'user' as const, content: 'Which is the answer?' }];

describe('side-by-side replies', () => {
  it('streams one prompt from two profiles at once, each with its statistics, and saves nothing', async () => {
    const { t: s, wildId } = services();
    const [sandbox, wild] = await Promise.all([
      column(s, { model: 'sandbox-chat-1', messages: question }, 'cmp-a'),
      column(
        s,
        { profileId: wildId, model: 'wild-plain', messages: question, params: { temperature: 0.2 } },
        'cmp-b',
      ),
    ]);
    expect(sandbox.started.profileId).toBe(s.services.profiles.activeId());
    expect(wild.started.profileId).toBe(wildId);
    const [a, b] = await Promise.all([sandbox.ended(), wild.ended()]);
    expect(a.type).toBe('done');
    expect(b).toMatchObject({ type: 'done', message: { role: 'assistant', content: 'The answer is 42.' } });
    expect(b.message.stats?.usage?.completion_tokens).toBeGreaterThan(0);
    expect(b.message.stats?.firstTokenMs).toBeGreaterThanOrEqual(0);
    // The deltas the column showed add up to the reply it ended with.
    const text = (events: ChatStreamEvent[]) =>
      events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
    expect(text(sandbox.events())).toBe(a.message.content);
    // The wild gateway heard its own column's parameters, not the other's.
    expect(gw.requests.at(-1)?.json).toMatchObject({ model: 'wild-plain', temperature: 0.2, stream: true });
    expect(s.services.chat.list()).toEqual([]);
  });

  it('stops one column while the other goes on', async () => {
    const t2 = testServices({ sandbox: { tokenDelayMs: 30 } });
    t = t2;
    const slow = await column(t2, { model: 'sandbox-chat-1', messages: question }, 'cmp-slow');
    const other = await column(t2, { model: 'sandbox-chat-1', messages: question }, 'cmp-other');
    slow.stop();
    const ended = await other.ended();
    expect(ended.type).toBe('done');
    expect(ended.message.content.length).toBeGreaterThan(20);
    await t2.services.chat.settle();
    // The stopped column's subscriber is gone: it hears nothing more, and nothing is saved.
    expect(slow.events().some((e) => e.type === 'done' || e.type === 'error')).toBe(false);
    expect(t2.services.chat.list()).toEqual([]);
  });

  it('refuses a profile that does not exist, naming it', async () => {
    const { t: s } = services();
    await expect(column(s, { profileId: 'nope', model: 'm', messages: question }, 'cmp-x')).rejects.toThrow(
      AppFailure,
    );
  });

  it('keeps the chosen column as the next turn, with the others as versions of it', async () => {
    const { t: s, wildId } = services();
    const chosen = {
      role: 'assistant' as const,
      content: 'The answer is 42.',
      stats: { totalMs: 5, model: 'wild-plain' },
    };
    const other = {
      role: 'assistant' as const,
      content: 'Sandbox says hi.',
      stats: { totalMs: 7, model: 'sandbox-chat-1' },
    };
    const kept = s.services.chat.keepCompared({
      profileId: wildId,
      model: 'wild-plain',
      system: 'Be brief.',
      params: { temperature: 0.2 },
      messages: [...question, chosen],
      others: [other],
    });
    expect(kept).toMatchObject({
      profileId: wildId,
      model: 'wild-plain',
      system: 'Be brief.',
      title: 'Which is the answer?',
    });
    expect(kept.messages).toHaveLength(2);
    expect(kept.messages[1]).toMatchObject({ content: 'The answer is 42.', branchIndex: 1 });
    expect(kept.messages[1].alternatives?.map((tail) => tail[0].content)).toEqual(['Sandbox says hi.']);
    expect(s.events).toContainEqual({
      name: 'chat.conversations.changed',
      payload: { conversationId: kept.id },
    });

    // A later comparison in the same conversation adds its turn after the first.
    const next = s.services.chat.keepCompared({
      conversationId: kept.id,
      model: 'sandbox-chat-1',
      messages: [
        ...kept.messages,
        { role: 'user', content: 'And why?' },
        { role: 'assistant', content: 'Because.' },
      ],
    });
    expect(next.id).toBe(kept.id);
    expect(next.messages.map((m) => m.content)).toEqual([
      'Which is the answer?',
      'The answer is 42.',
      'And why?',
      'Because.',
    ]);
    // The versions kept the first time are still there.
    expect(next.messages[1].alternatives).toHaveLength(1);
  });

  it('says which field is wrong when the history does not end with the chosen reply', () => {
    const { t: s } = services();
    let issues: { path: PropertyKey[]; message: string }[] = [];
    try {
      s.services.chat.keepCompared({ model: 'm', messages: question });
    } catch (err) {
      issues = (err as { issues: typeof issues }).issues;
    }
    expect(issues).toContainEqual(
      expect.objectContaining({ path: ['messages'], message: 'must end with the chosen reply' }),
    );
  });
});
