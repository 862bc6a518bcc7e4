import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamEvent, StartChatInput } from '../../../src-shared/chat/chat-events';
import type { ResponseFormat } from '../../../src-shared/chat/response-format';
import { StreamHub } from '../../ipc/stream-hub';
import { recordingSubscriber } from '../../ipc/stream-hub.test-helper';
import { testServices } from '../../ipc/services.test-helper';
import { startWildGateway, type WildGateway, type WildRoute } from '../../test-support/wild-gateway/server';

/**
 * Replies to `response_format` and `logprobs` requests, end to end through ChatService against a
 * loopback gateway whose model names pick the reply: checked against the schema and saved with
 * the result; token probabilities read from several chunks and saved with the message.
 */
const REPLIES: Record<string, string[]> = {
  'json-good': ['{"city": ', '"Paris", "population": 2100000}'],
  'json-bad': ['{"city": 7, ', '"mayor": "x"}'],
  prose: ['Sure! ', '{"city": "Paris"}'],
  probs: ['The', ' answer', ' is 42.'],
};

function chunk(delta: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return `data: ${JSON.stringify({ object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta, finish_reason: null, ...extra }] })}\n\n`;
}

/** `logprobs.content` for one chunk's text, one token per chunk, with two alternatives. */
function logprobsFor(text: string, i: number) {
  const logprob = [-0.01, -0.7, -2.3][i] ?? -0.1;
  return {
    logprobs: {
      content: [
        {
          token: text,
          logprob,
          bytes: [...Buffer.from(text)],
          top_logprobs: [
            { token: text, logprob, bytes: [] },
            { token: `${text}?`, logprob: -3.5, bytes: [] },
          ],
        },
      ],
    },
  };
}

const route: WildRoute = {
  method: 'POST',
  path: '/v1/chat/completions',
  handle: (req, res: ServerResponse) => {
    const body = req.json as { model: string; logprobs?: boolean };
    const parts = REPLIES[body.model] ?? ['?'];
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    parts.forEach((p, i) => res.write(chunk({ content: p }, body.logprobs ? logprobsFor(p, i) : {})));
    res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  },
};

const city: ResponseFormat = {
  type: 'json_schema',
  json_schema: {
    name: 'city',
    strict: true,
    schema: {
      type: 'object',
      properties: { city: { type: 'string' }, population: { type: 'integer' } },
      required: ['city', 'population'],
      additionalProperties: false,
    },
  },
};

let gw: WildGateway;
let t: ReturnType<typeof testServices> | undefined;
beforeAll(async () => {
  gw = await startWildGateway([route]);
});
afterAll(() => gw.close());
afterEach(async () => {
  await t?.close();
  t = undefined;
});

let streams = 0;
async function ask(model: string, params: StartChatInput['params']) {
  t = testServices();
  const p = t.services.profiles.save({ name: 'Loop', kind: 'openai-compatible', host: `${gw.origin}/v1` });
  t.services.profiles.activate(p.id);
  const hub = new StreamHub();
  const rec = recordingSubscriber();
  const id = `structured-${++streams}`;
  const sink = hub.subscribe(rec.subscriber, id);
  const { conversationId } = await t.services.chat.start(
    { model, messages: [{ role: 'user', content: 'Paris?' }], system: '', params },
    sink,
  );
  const ended = await rec.ended<Extract<ChatStreamEvent, { type: 'done' | 'error' }>>(id);
  return { ended, saved: t.services.chat.get(conversationId).messages[1] };
}

describe('replies to a JSON format, checked as they complete', () => {
  it('sends the format and saves a reply that follows the schema as valid', async () => {
    const { ended, saved } = await ask('json-good', { response_format: city });
    expect((gw.requests.at(-1)?.json as { response_format: unknown }).response_format).toEqual(city);
    expect(saved.formatCheck).toEqual({ format: 'json_schema', name: 'city', outcome: 'valid' });
    expect(ended.type === 'done' && ended.message.formatCheck?.outcome).toBe('valid');
  });

  it('saves each violation at its path', async () => {
    const { saved } = await ask('json-bad', { response_format: city });
    expect(saved.formatCheck?.outcome).toBe('invalid');
    expect(saved.formatCheck?.violations).toEqual(
      expect.arrayContaining([
        { path: '/city', message: 'must be string' },
        { path: '/population', message: 'is required' },
        { path: '/mayor', message: 'is not allowed by the schema' },
      ]),
    );
  });

  it('says a reply is not JSON, for a schema and for a JSON object alike', async () => {
    expect((await ask('prose', { response_format: city })).saved.formatCheck?.outcome).toBe('not-json');
    const plain = await ask('prose', { response_format: { type: 'json_object' } });
    expect(plain.saved.formatCheck).toMatchObject({ format: 'json_object', outcome: 'not-json' });
  });

  it('checks nothing when text was asked for', async () => {
    const { saved } = await ask('json-good', {});
    expect(saved).not.toHaveProperty('formatCheck');
    expect(gw.requests.at(-1)?.json).not.toHaveProperty('response_format');
  });
});

describe('token probabilities from the stream', () => {
  it('gathers them over several chunks and saves them with the message', async () => {
    const { saved } = await ask('probs', { logprobs: true, top_logprobs: 2 });
    expect(saved.content).toBe('The answer is 42.');
    expect(saved.logprobs).toEqual({
      tokens: [
        {
          token: 'The',
          logprob: -0.01,
          top: [
            { token: 'The', logprob: -0.01 },
            { token: 'The?', logprob: -3.5 },
          ],
        },
        {
          token: ' answer',
          logprob: -0.7,
          top: [
            { token: ' answer', logprob: -0.7 },
            { token: ' answer?', logprob: -3.5 },
          ],
        },
        {
          token: ' is 42.',
          logprob: -2.3,
          top: [
            { token: ' is 42.', logprob: -2.3 },
            { token: ' is 42.?', logprob: -3.5 },
          ],
        },
      ],
    });
  });

  it('keeps none when none were asked for', async () => {
    const { saved } = await ask('probs', {});
    expect(saved).not.toHaveProperty('logprobs');
  });
});
