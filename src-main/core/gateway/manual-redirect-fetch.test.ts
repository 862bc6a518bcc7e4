import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  type ClientRequestLike,
  type IncomingLike,
  manualRedirectFetch,
  type RequestFn,
} from './manual-redirect-fetch';

/** A typed stand-in for Electron's ClientRequest: records what was sent, answers as the test says. */
class FakeRequest extends EventEmitter implements ClientRequestLike {
  headers: Record<string, string> = {};
  written = '';
  ended = false;
  aborted = false;
  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  write(chunk: string | Buffer) {
    this.written += String(chunk);
  }
  end() {
    this.ended = true;
  }
  abort() {
    this.aborted = true;
  }
}

function harness() {
  const made: { options: Parameters<RequestFn>[0]; req: FakeRequest }[] = [];
  const request: RequestFn = (options) => {
    const req = new FakeRequest();
    made.push({ options, req });
    return req;
  };
  const fallbackCalls: string[] = [];
  const fetch = manualRedirectFetch(request, async (url) => {
    fallbackCalls.push(url);
    return new Response('fallback');
  });
  return { made, fetch, fallbackCalls };
}

function incoming(status: number, headers: Record<string, string>, text: string): IncomingLike {
  const body = new PassThrough();
  body.end(text);
  return Object.assign(body, { statusCode: status, statusMessage: 'OK', headers });
}

describe('manualRedirectFetch (Electron net with manual redirects)', () => {
  it('answers a redirect with the 3xx itself and cancels the request', async () => {
    const h = harness();
    const pending = h.fetch('https://gw.example/v1/x', {
      method: 'GET',
      redirect: 'manual',
      headers: { Authorization: 'Bearer k' },
    });
    const { options, req } = h.made[0];
    expect(options).toEqual({ method: 'GET', url: 'https://gw.example/v1/x', redirect: 'manual' });
    expect(req.headers).toMatchObject({ authorization: 'Bearer k' });
    req.emit('redirect', 302, 'GET', 'https://elsewhere.example/y', { 'content-length': ['0'] });
    const res = await pending;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://elsewhere.example/y');
    expect(req.aborted).toBe(true);
  });

  it('streams an ordinary response and sends the body', async () => {
    const h = harness();
    const pending = h.fetch('https://gw.example/v1/chat', {
      method: 'POST',
      redirect: 'manual',
      body: '{"a":1}',
    });
    const { req } = h.made[0];
    expect(req.written).toBe('{"a":1}');
    expect(req.ended).toBe(true);
    req.emit('response', incoming(200, { 'content-type': 'application/json' }, '{"ok":true}'));
    const res = await pending;
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('rejects on abort and on a network error', async () => {
    const h = harness();
    const controller = new AbortController();
    const pending = h.fetch('https://gw.example/a', { redirect: 'manual', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(h.made[0].req.aborted).toBe(true);
    const failing = h.fetch('https://gw.example/b', { redirect: 'manual' });
    h.made[1].req.emit('error', new Error('net::ERR_NAME_NOT_RESOLVED'));
    await expect(failing).rejects.toThrow('ERR_NAME_NOT_RESOLVED');
  });

  it('leaves other requests to net.fetch', async () => {
    const h = harness();
    expect(await (await h.fetch('https://gw.example/c', { method: 'GET' })).text()).toBe('fallback');
    expect(h.fallbackCalls).toEqual(['https://gw.example/c']);
    expect(h.made).toEqual([]);
  });
});
