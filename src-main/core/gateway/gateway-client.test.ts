import { afterEach, describe, expect, it } from 'vitest';
import { GatewayClient } from './gateway-client';
import { loopbackServer } from './loopback-server.test-helper';
import { RequestLog, toCurl } from './request-log';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function answering(status: number, body: string, headers: Record<string, string> = {}) {
  const s = await loopbackServer((_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(body);
  });
  servers.push(s);
  return s;
}

const noSleep = async () => {};
const make = (log = new RequestLog(), timeoutMs?: number) =>
  new GatewayClient({ fetch: (u, i) => fetch(u, i), log, sleep: noSleep, timeoutMs });

describe('GatewayClient errors', () => {
  it.each([
    [400, 'bad_request', 'The gateway rejected the request: messages is required'],
    [401, 'unauthorized', 'The key was refused — check it in Settings.'],
    [402, 'payment_required', 'The account balance is too low for this request.'],
    [404, 'not_found', 'No such model or endpoint on this gateway.'],
    [500, 'server_error', 'The gateway had an internal error (HTTP 500). Try again shortly.'],
  ])('maps HTTP %i to %s with a plain explanation', async (status, code, message) => {
    const s = await answering(status, JSON.stringify({ error: { message: 'messages is required' } }));
    const err = await make()
      .json({ host: s.host, judgeSegment: 'p' }, { method: 'POST', url: `${s.host}/v1/x`, json: {} })
      .catch((e) => e);
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(err.message).toBe(message);
    expect(err.gatewayMessage).toBe('messages is required');
  });

  it('reads Retry-After on 429 into retryAfterMs', async () => {
    const s = await answering(429, '{"error":{"message":"slow down"}}', { 'Retry-After': '7' });
    const err = await make()
      .json({ host: s.host, judgeSegment: 'p' }, { method: 'POST', url: `${s.host}/v1/x`, json: {} })
      .catch((e) => e);
    expect(err.code).toBe('rate_limited');
    expect(err.retryAfterMs).toBe(7000);
    expect(err.message).toBe('Rate limited — retry in 7 s.');
  });

  it('reports an unreachable host as a network error', async () => {
    const err = await make()
      .json(
        { host: 'http://127.0.0.1:9', judgeSegment: 'p' },
        { method: 'POST', url: 'http://127.0.0.1:9/v1/x', json: {} },
      )
      .catch((e) => e);
    expect(err.code).toBe('network');
  });

  it('times out when headers do not arrive in time', async () => {
    const s = await loopbackServer(() => {
      /* never answers */
    });
    servers.push(s);
    const err = await make(new RequestLog(), 150)
      .json({ host: s.host, judgeSegment: 'p' }, { method: 'POST', url: `${s.host}/v1/x`, json: {} })
      .catch((e) => e);
    expect(err.code).toBe('timeout');
  });

  it('calls a body that is not JSON a bad response and keeps its start', async () => {
    const s = await answering(200, '{"id": "chatcmpl-');
    const err = await make()
      .json({ host: s.host, judgeSegment: 'p' }, { method: 'GET', url: `${s.host}/v1/models` })
      .catch((e) => e);
    expect(err.code).toBe('bad_response');
    expect(err.gatewayMessage).toContain('chatcmpl-');
  });
});

describe('GatewayClient retries', () => {
  it('retries a GET after a 500 and succeeds', async () => {
    let n = 0;
    const s = await loopbackServer((_req, res) => {
      n++;
      res.writeHead(n === 1 ? 500 : 200, { 'Content-Type': 'application/json' });
      res.end(n === 1 ? '{}' : '{"data":[]}');
    });
    servers.push(s);
    const out = await make().json(
      { host: s.host, judgeSegment: 'p' },
      { method: 'GET', url: `${s.host}/v1/models` },
    );
    expect(out.body).toEqual({ data: [] });
    expect(s.requests()).toBe(2);
  });

  it('sends a GET once when the caller asks for no retries (it keeps its own schedule)', async () => {
    const s = await answering(429, '{}');
    const target = { host: s.host, judgeSegment: 'p' };
    const req = { method: 'GET' as const, url: `${s.host}/v1/x` };
    const err = await make()
      .json(target, req, { retries: 0 })
      .catch((e) => e);
    expect(err.code).toBe('rate_limited');
    expect(s.requests()).toBe(1);
    await make()
      .json(target, req)
      .catch(() => undefined);
    expect(s.requests()).toBe(4); // the default: 1 + 2 retries
  });

  it('never sends a POST twice on its own', async () => {
    const s = await answering(500, '{}');
    await make()
      .json({ host: s.host, judgeSegment: 'p' }, { method: 'POST', url: `${s.host}/v1/x`, json: {} })
      .catch(() => undefined);
    expect(s.requests()).toBe(1);
  });
});

describe('request log', () => {
  it('records method, url, status, timings and sizes, with the key redacted', async () => {
    const s = await answering(200, '{"ok":true}');
    const log = new RequestLog();
    await make(log).json(
      { host: s.host, judgeSegment: 'p', apiKey: 'sk-very-secret-abcd' },
      { method: 'POST', url: `${s.host}/v1/x`, json: { a: 1 } },
    );
    const [e] = log.list();
    expect(e).toMatchObject({
      method: 'POST',
      url: `${s.host}/v1/x`,
      status: 200,
      state: 'done',
      requestBody: '{"a":1}',
    });
    expect(e.requestHeaders.Authorization).toBe('Bearer sk-…abcd');
    expect(e.firstByteMs).toBeGreaterThanOrEqual(0);
    expect(e.endMs).toBeGreaterThanOrEqual(e.firstByteMs!);
    expect(e.responseBytes).toBe(11);
    expect(e.responseStart).toBe('{"ok":true}');
    expect(JSON.stringify(log.list())).not.toContain('very-secret');
  });

  it('copies as curl with $GATEWAY_API_KEY, never the key', async () => {
    const s = await answering(200, '{}');
    const log = new RequestLog();
    await make(log).json(
      { host: s.host, judgeSegment: 'p', apiKey: 'sk-very-secret-abcd' },
      { method: 'POST', url: `${s.host}/v1/chat/completions`, json: { q: "it's" } },
    );
    const curl = toCurl(log.list()[0]);
    expect(curl).toContain('"Authorization: Bearer $GATEWAY_API_KEY"');
    expect(curl).toContain(`'${s.host}/v1/chat/completions'`);
    expect(curl).toContain(`--data-raw '{"q":"it'\\''s"}'`);
    expect(curl).not.toContain('sk-');
  });
});

describe('a reader that stops early', () => {
  it('leaves no log entry pending', async () => {
    const s = await loopbackServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first part ');
      setTimeout(() => res.end('second part'), 200);
    });
    servers.push(s);
    const log = new RequestLog();
    const open = await make(log).open(
      { host: s.host, judgeSegment: 'p' },
      { method: 'GET', url: `${s.host}/v1/x` },
    );
    for await (const _chunk of open.chunks()) break;
    expect(log.list()[0].state).toBe('failed');
    expect(log.list()[0].endMs).toBeDefined();
  });
});
