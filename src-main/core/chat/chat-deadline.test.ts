import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testServices } from '../../ipc/services.test-helper';
import { StreamHub } from '../../ipc/stream-hub';
import { recordingSubscriber } from '../../ipc/stream-hub.test-helper';
import { BEFORE_TEXT, type HostileGateway, hostileGateway } from '../../test-support/hostile-gateway';
import type { ChatStreamEvent } from '../../../src-shared/chat/chat-events';

type Failed = Extract<ChatStreamEvent, { type: 'error' }>;

let gateway: HostileGateway;
beforeAll(async () => {
  gateway = await hostileGateway();
});
afterAll(() => gateway.close());

/** A chat reply from a profile on the hostile gateway, the way the window starts one. */
async function replyFrom(model: 'drip' | 'huge-line', deadlineMs?: number) {
  const t = testServices();
  const profile = t.services.profiles.save({
    name: 'Hostile',
    kind: 'openai-compatible',
    host: `${gateway.host}/v1`,
  });
  t.services.profiles.activate(profile.id);
  // The setting's floor is 30 s; the test stands in a shorter deadline where it is read.
  const deadline = deadlineMs
    ? vi.spyOn(t.services.profiles, 'replyDeadlineMs').mockReturnValue(deadlineMs)
    : undefined;
  const hub = new StreamHub();
  const rec = recordingSubscriber();
  const { conversationId } = await t.services.chat.start(
    { model, messages: [{ role: 'user', content: 'hi' }] },
    hub.subscribe(rec.subscriber, 'reply-1'),
  );
  const failed = await rec.ended<Failed>('reply-1');
  await t.close();
  return { t, profile, deadline, failed, saved: t.services.chat.get(conversationId).messages[1] };
}

describe('a chat reply against a gateway that never finishes', () => {
  it('ends at the profile’s reply deadline, saving the text so far with the error', async () => {
    const { profile, deadline, failed, saved } = await replyFrom('drip', 1_500);
    expect(deadline).toHaveBeenCalledWith(profile.id);
    expect(failed.type).toBe('error');
    expect(failed.error.code).toBe('timeout');
    expect(failed.error.details).toMatchObject({ deadlineSec: 1.5 });
    expect(failed.error.message).toMatch(/reply deadline.*Settings/);
    expect(saved.content.startsWith(BEFORE_TEXT)).toBe(true);
    expect(saved.error?.code).toBe('timeout');
  });

  it('ends at the event cap on one endless line, saving the text before it', async () => {
    const { failed, saved } = await replyFrom('huge-line');
    expect(failed.error).toMatchObject({ code: 'bad_response', details: { streamLimit: 'event' } });
    expect(saved.content).toBe(BEFORE_TEXT);
    expect(saved.error?.message).toMatch(/a single event larger than 4 MB/);
  });
});
