import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../src-shared/chat/chat-events';
import { chatBehaviours } from '../test-support/wild-gateway/chat-behaviours';
import { sendJson, startWildGateway, type WildGateway } from '../test-support/wild-gateway/server';
import { videoBehaviours } from '../test-support/wild-gateway/video-behaviours';
import { StreamHub } from './stream-hub';
import { recordingSubscriber } from './stream-hub.test-helper';
import { testServices } from './services.test-helper';

// Extra body fields must reach the wire exactly, after the form's own fields, and be saved with
// the record; a key the form owns never leaves the app. The wild gateway records every body.
let gw: WildGateway;
beforeAll(async () => {
  gw = await startWildGateway([
    ...chatBehaviours,
    ...videoBehaviours(),
    // Any image reply will do: what is checked is the request that asked for it.
    {
      method: 'POST',
      path: '/v1/images/generations',
      handle: (_req, res) => sendJson(res, { data: [{ b64_json: 'AAAA' }] }),
    },
  ]);
});
afterAll(() => gw.close());

let t: ReturnType<typeof testServices>;
afterEach(() => {
  t.services.video.dispose();
  return t.close();
});

function wildServices() {
  t = testServices();
  const p = t.services.profiles.save({ name: 'Wild', kind: 'openai-compatible', host: `${gw.origin}/v1` });
  t.services.profiles.activate(p.id);
  return t.services;
}

const lastBody = (path: string) =>
  gw.requests.filter((r) => r.method === 'POST' && r.path === path).at(-1)?.json as Record<string, unknown>;

describe('extra body fields on the wire', () => {
  it('chat: extras follow the form’s fields in the streamed request and are saved with the conversation', async () => {
    const s = wildServices();
    const hub = new StreamHub();
    const rec = recordingSubscriber();
    const extra = { top_k: 42, thinking: { type: 'enabled' }, repetition_penalty: 1.05 };
    const { conversationId } = await s.chat.start(
      {
        model: 'plain-model',
        params: { temperature: 0.5 },
        extra,
        messages: [{ role: 'user', content: 'hi' }],
      },
      hub.subscribe(rec.subscriber, 'extra-1'),
    );
    await rec.ended<Extract<ChatStreamEvent, { type: 'done' }>>('extra-1');
    const body = lastBody('/v1/chat/completions');
    expect(body).toMatchObject({ model: 'plain-model', temperature: 0.5, stream: true, ...extra });
    expect(Object.keys(body).slice(-3)).toEqual(['top_k', 'thinking', 'repetition_penalty']);
    expect(s.chat.get(conversationId).extra).toEqual(extra);
  });

  it('chat: a reserved key is refused before anything is sent', async () => {
    const s = wildServices();
    const before = gw.requests.length;
    const hub = new StreamHub();
    const rec = recordingSubscriber();
    await expect(
      s.chat.start(
        { model: 'plain-model', extra: { stream: false }, messages: [{ role: 'user', content: 'hi' }] },
        hub.subscribe(rec.subscriber, 'extra-2'),
      ),
    ).rejects.toThrow('is set by the form — change it there');
    expect(gw.requests.length).toBe(before);
  });

  it('images: extras reach the body and the history entry keeps them', async () => {
    const s = wildServices();
    const entry = await s.mediaStudio.generateImages({
      model: 'wild-image',
      prompt: 'a kite',
      size: '512x512',
      n: 1,
      responseFormat: 'b64_json',
      extra: { seed: 7, watermark: false },
    });
    expect(lastBody('/v1/images/generations')).toEqual({
      model: 'wild-image',
      prompt: 'a kite',
      n: 1,
      size: '512x512',
      response_format: 'b64_json',
      seed: 7,
      watermark: false,
    });
    expect(entry.extra).toEqual({ seed: 7, watermark: false });
    expect(s.mediaStudio.history('image')[0].extra).toEqual({ seed: 7, watermark: false });
  });

  it('images: an extra that would replace response_format is refused, nothing sent', async () => {
    const s = wildServices();
    const before = gw.requests.length;
    await expect(
      s.mediaStudio.generateImages({
        model: 'wild-image',
        prompt: 'a kite',
        size: '512x512',
        n: 1,
        responseFormat: 'url',
        extra: { response_format: 'b64_json' },
      }),
    ).rejects.toThrow('is set by the form');
    expect(gw.requests.length).toBe(before);
  });

  it('video: extras reach the create request and stay on the task and its re-run form', async () => {
    const s = wildServices();
    const extra = { return_last_frame: true, callback_url: 'https://example.test/hook', seed: 3 };
    const task = await s.video.create({ model: 'vidmodel-2-0-260128', prompt: '[cancel] a kite', extra });
    expect(lastBody('/v1/video/generations')).toMatchObject({
      model: 'vidmodel-2-0-260128',
      duration: 10,
      ...extra,
    });
    expect(task.request).toMatchObject(extra);
    expect(s.video.form(task.id).extra).toEqual(extra);
  });
});
