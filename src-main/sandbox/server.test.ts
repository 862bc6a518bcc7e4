import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from '../test-support/json-body';
import { startSandbox, type SandboxServer } from './server';
import { SandboxState } from './state';
import { KEY, chatBody, joinDeltas, post, readSse } from './test-helpers';

let server: SandboxServer;

beforeAll(async () => {
  server = await startSandbox({
    tokenDelayMs: 1,
    extraRoutes: [
      {
        method: 'GET',
        path: /\/v1\/echo\/(?<id>[^/]+)/,
        handle: (ctx) => ctx.sendJson(200, { id: ctx.params.id, key: ctx.apiKey, seed: ctx.seed('x').seed }),
      },
    ],
  });
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = { Authorization: `Bearer ${KEY}` }) =>
  fetch(`${server.baseUrl}${path}`, { headers });

describe('auth', () => {
  it('rejects a missing key with 401 and an authentication_error body', async () => {
    const res = await get('/models', {});
    expect(res.status).toBe(401);
    const body = await jsonBody(res);
    expect(body.error.type).toBe('authentication_error');
    expect(body.error.message).toMatch(/API key/);
  });

  it('rejects a key without the sk- prefix', async () => {
    const res = await get('/models', { Authorization: 'Bearer pk-123' });
    expect(res.status).toBe(401);
    expect((await jsonBody(res)).error.code).toBe('invalid_api_key');
    expect((await get('/models', { Authorization: 'Basic sk-123' })).status).toBe(401);
  });

  it('binds to loopback only', async () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.baseUrl).toBe(`${server.origin}/v1`);
    await expect(startSandbox({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });
});

describe('routing', () => {
  it('lists the model catalog in the OpenAI list shape', async () => {
    const res = await get('/models');
    expect(res.status).toBe(200);
    const body = await jsonBody(res);
    expect(body.object).toBe('list');
    const ids = body.data.map((m: { id: string }) => m.id);
    for (const id of [
      'sandbox-chat-1',
      'sandbox-chat-mini',
      'sandbox-embed-1',
      'sandbox-image-1',
      'sandbox-tts-1',
    ]) {
      expect(ids).toContain(id);
    }
    expect(ids).toEqual(
      expect.arrayContaining([
        'vidmodel-2-0-260128',
        'vidmodel-2-0-fast-260128',
        'judge-1.13.0',
        'judge-latest',
        'judge-preview',
      ]),
    );
    expect(body.data[0]).toMatchObject({ object: 'model', owned_by: 'sandbox', created: expect.any(Number) });
  });

  it('answers 404 not_found for an unknown path', async () => {
    const res = await get('/nowhere');
    expect(res.status).toBe(404);
    expect(await jsonBody(res)).toEqual({
      error: {
        message: 'Unknown path GET /v1/nowhere',
        type: 'invalid_request_error',
        code: 'not_found',
        param: null,
      },
    });
  });

  it('answers 405 for a known path with the wrong method', async () => {
    const res = await post(server.baseUrl, '/models', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('runs extra routes with RegExp params, the api key and a deterministic seed', async () => {
    const a = await jsonBody(await get('/echo/abc%20d'));
    const b = await jsonBody(await get('/echo/zzz'));
    expect(a).toMatchObject({ id: 'abc d', key: KEY });
    expect(a.seed).toBe(b.seed);
  });
});

describe('body validation', () => {
  it('answers 400 for malformed JSON', async () => {
    const res = await post(server.baseUrl, '/chat/completions', '{"model": ');
    expect(res.status).toBe(400);
    const body = await jsonBody(res);
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/Malformed JSON/);
  });

  it('answers 400 when the body is not an object', async () => {
    const res = await post(server.baseUrl, '/chat/completions', '[1,2]');
    expect(res.status).toBe(400);
    expect((await jsonBody(res)).error.message).toMatch(/JSON object/);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After above N requests per second, per key', async () => {
    const limited = await startSandbox({ rateLimit: 3 });
    try {
      const hit = (key: string) =>
        fetch(`${limited.baseUrl}/models`, { headers: { Authorization: `Bearer ${key}` } });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await hit('sk-a')).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const res = await hit('sk-a');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = await jsonBody(res);
      expect(body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
      expect((await hit('sk-b')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('faults', () => {
  const fault = (name: string, extra: Record<string, unknown> = {}) =>
    post(server.baseUrl, '/chat/completions', chatBody('fault please', extra), { 'x-sandbox-fault': name });

  it('http-500 answers 500 with an error body', async () => {
    const res = await fault('http-500');
    expect(res.status).toBe(500);
    expect((await jsonBody(res)).error).toMatchObject({ type: 'server_error', code: 'sandbox_fault' });
  });

  it('malformed-json answers 200 with a truncated JSON body', async () => {
    const res = await fault('malformed-json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const text = await res.text();
    expect(text).toBe('{"id": "chatcmpl-');
    expect(() => JSON.parse(text)).toThrow();
  });

  it('slow-first-byte delays the headers by about 1.5 s', async () => {
    const started = Date.now();
    const res = await fault('slow-first-byte');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(res.status).toBe(200);
    expect((await jsonBody(res)).object).toBe('chat.completion');
  });

  it('cut-stream on a plain request sends headers then drops the connection', async () => {
    const res = await fault('cut-stream');
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it('cut-stream on a stream stops about half way without [DONE]', async () => {
    const full = await jsonBody(await post(server.baseUrl, '/chat/completions', chatBody('fault please')));
    const sse = await readSse(await fault('cut-stream', { stream: true }));
    expect(sse.broken).toBe(true);
    expect(sse.data).not.toContain('[DONE]');
    const tokens = full.usage.completion_tokens;
    const tokenChunks = sse.data.length - 1; // minus the role chunk
    expect(tokenChunks).toBe(Math.floor(tokens / 2));
    expect(full.choices[0].message.content.startsWith(joinDeltas(sse.data))).toBe(true);
  });

  it('error-event sends an error event mid-stream and ends without [DONE]', async () => {
    const sse = await readSse(await fault('error-event', { stream: true }));
    expect(sse.broken).toBe(false);
    expect(sse.data.length).toBeGreaterThan(3);
    expect(sse.data).not.toContain('[DONE]');
    expect(JSON.parse(sse.data.at(-1)!)).toEqual({
      error: {
        message: 'Sandbox fault: error event mid-stream',
        type: 'server_error',
        code: 'sandbox_fault',
      },
    });
  });

  it('rejects an unknown fault header naming the header', async () => {
    const res = await fault('meteor');
    expect(res.status).toBe(400);
    expect((await jsonBody(res)).error.param).toBe('x-sandbox-fault');
  });

  it('applies a server-wide fault, which the header "none" switches off', async () => {
    const faulty = await startSandbox({ fault: 'http-500' });
    try {
      const headers = { Authorization: `Bearer ${KEY}` };
      expect((await fetch(`${faulty.baseUrl}/models`, { headers })).status).toBe(500);
      const res = await fetch(`${faulty.baseUrl}/models`, {
        headers: { ...headers, 'x-sandbox-fault': 'none' },
      });
      expect(res.status).toBe(200);
    } finally {
      await faulty.close();
    }
  });
});

describe('SandboxState', () => {
  it('reserves against the balance and settles the difference', () => {
    const state = new SandboxState(0.05);
    expect(state.reserve(0.023)).toBe(true);
    expect(state.balanceYuan).toBeCloseTo(0.027, 9);
    expect(state.reserve(0.03)).toBe(false);
    expect(state.balanceYuan).toBeCloseTo(0.027, 9);
    state.settle(0.023, 0.001);
    expect(state.balanceYuan).toBeCloseTo(0.049, 9);
  });

  it('treats an undefined balance as unlimited', () => {
    const state = new SandboxState();
    expect(state.reserve(1e9)).toBe(true);
    state.settle(1e9, 1);
    expect(state.balanceYuan).toBeUndefined();
  });
});
