import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect as connectTcp } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWebServer } from './web-server';
import type { SandboxOptions } from '../sandbox/server';
import type { BridgeMessage } from '../../src-shared/ipc/bridge-protocol';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(sandbox: SandboxOptions = { tokenDelayMs: 1 }) {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-web-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gatehouse</title>');
  const server = await startWebServer({
    port: 0,
    dataDir: join(root, 'data'),
    rendererDir,
    sandbox,
  });
  close = server.close;
  return server;
}

function connect(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

describe('browser mode server', () => {
  it('serves the page only with the launch token', async () => {
    const s = await start();
    expect((await fetch(s.url)).status).toBe(200);
    expect((await fetch(`${s.origin}/`)).status).toBe(403);
    expect((await fetch(`${s.origin}/?token=wrong`)).status).toBe(403);
  });

  it('answers a media path that leaves the media folder with 403, without naming the path', async () => {
    const s = await start();
    const res = await fetch(`${s.origin}/media/..%2F..%2Fsettings.json?t=${s.token}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('/');
  });

  it('refuses a bridge connection with a wrong token or a foreign Origin', async () => {
    const s = await start();
    await expect(connect(`${s.origin.replace('http', 'ws')}/bridge?token=nope`, s.origin)).rejects.toThrow(
      '403',
    );
    await expect(
      connect(`${s.origin.replace('http', 'ws')}/bridge?token=${s.token}`, 'http://evil.example'),
    ).rejects.toThrow('403');
  });

  it('carries routes and events over the bridge, like the preload does', async () => {
    const s = await start();
    const ws = await connect(`${s.origin.replace('http', 'ws')}/bridge?token=${s.token}`, s.origin);
    const messages: BridgeMessage[] = [];
    ws.on('message', (m) => messages.push(JSON.parse(String(m))));
    ws.send(JSON.stringify({ type: 'invoke', id: 1, route: 'app.info', input: {} }));
    ws.send(JSON.stringify({ type: 'invoke', id: 2, route: 'models.list', input: {} }));
    ws.send(
      JSON.stringify({
        type: 'invoke',
        id: 3,
        route: 'profiles.setKey',
        input: { id: 'sandbox', key: 'nope' },
      }),
    );
    for (let i = 0; i < 200 && messages.filter((m) => m.type === 'result').length < 3; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const byId = (id: number) => {
      const found = messages.find((m) => m.type === 'result' && m.id === id);
      return found?.type === 'result' ? (found.result as { ok: boolean; data?: unknown }) : { ok: false };
    };
    expect(byId(1)).toMatchObject({ ok: true, data: { mode: 'web' } });
    expect(byId(2).ok).toBe(true);
    expect((byId(2).data as { id: string }[]).map((m) => m.id)).toContain('sandbox-chat-1');
    expect(byId(3)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // The models call was logged and the log event reached the page (changes go out within 50 ms).
    const logged = () =>
      messages.some((m) => m.type === 'events' && m.items.some((e) => e.name === 'log.changed'));
    for (let i = 0; i < 50 && !logged(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(logged()).toBe(true);
    ws.close();
  });

  it('sends a stream only to the socket that subscribed, and aborts it when that socket closes', async () => {
    const s = await start({ tokenDelayMs: 5 });
    const bridge = `${s.origin.replace('http', 'ws')}/bridge?token=${s.token}`;
    const [a, b] = await Promise.all([connect(bridge, s.origin), connect(bridge, s.origin)]);
    const got = { a: [] as BridgeMessage[], b: [] as BridgeMessage[] };
    a.on('message', (m) => got.a.push(JSON.parse(String(m))));
    b.on('message', (m) => got.b.push(JSON.parse(String(m))));
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(check()).toBe(true);
    };
    const input = (conversationId: string, content: string) => ({
      conversationId,
      model: 'sandbox-chat-1',
      messages: [{ role: 'user', content }],
    });
    a.send(
      JSON.stringify({
        type: 'subscribe',
        id: 1,
        stream: 'chat.reply',
        streamId: 'stream-short',
        input: input('c-short', 'Hi'),
      }),
    );
    await until(() => got.a.some((m) => m.type === 'stream' && m.last));
    expect(got.a.find((m) => m.type === 'result')).toMatchObject({
      result: { ok: true, data: { conversationId: 'c-short' } },
    });
    expect(got.b.some((m) => m.type === 'stream')).toBe(false);
    // The save is broadcast, so the other window's list refreshes too.
    expect(got.b.flatMap((m) => (m.type === 'events' ? m.items : []))).toContainEqual({
      name: 'chat.conversations.changed',
      payload: { conversationId: 'c-short' },
    });

    a.send(
      JSON.stringify({
        type: 'subscribe',
        id: 2,
        stream: 'chat.reply',
        streamId: 'stream-long',
        input: input('c-long', 'write 5000 tokens'),
      }),
    );
    await until(() => got.a.some((m) => m.type === 'stream' && m.streamId === 'stream-long'));
    a.close();
    await until(() => s.services.chat.get('c-long').messages.length === 2);
    expect(s.services.chat.get('c-long').messages[1]).toMatchObject({ stopped: true });
    expect(s.services.streams.size).toBe(0);
    b.close();
  });

  it('survives a hostile upgrade target and answers it, then still serves', async () => {
    const s = await start();
    const answer = await rawRequest(
      s.origin,
      `GET //[ HTTP/1.1\r\nHost: ${new URL(s.origin).host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    const page = await rawRequest(s.origin, `GET //[ HTTP/1.1\r\nHost: ${new URL(s.origin).host}\r\n\r\n`);
    expect(page).toMatch(/^HTTP\/1\.1 400/);
    expect((await fetch(s.url)).status).toBe(200);
  });

  it('refuses a page or bridge request whose Host is not a loopback name (DNS rebinding)', async () => {
    const s = await start();
    const path = new URL(s.url).pathname + new URL(s.url).search;
    const page = await rawRequest(
      s.origin,
      `GET ${path} HTTP/1.1\r\nHost: evil.example:${new URL(s.origin).port}\r\n\r\n`,
    );
    expect(page).toMatch(/^HTTP\/1\.1 403/);
    const upgrade = await rawRequest(
      s.origin,
      `GET /bridge?token=${s.token} HTTP/1.1\r\nHost: evil.example\r\nOrigin: ${s.origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    expect(upgrade).toMatch(/^HTTP\/1\.1 403/);
    const localhost = await rawRequest(
      s.origin,
      `GET ${path} HTTP/1.1\r\nHost: localhost:${new URL(s.origin).port}\r\n\r\n`,
    );
    expect(localhost).toMatch(/^HTTP\/1\.1 200/);
  });

  it('sends a socket that asked for some events those alone, and every other socket all', async () => {
    const s = await start();
    const bridge = `${s.origin.replace('http', 'ws')}/bridge?token=${s.token}`;
    const [a, b] = await Promise.all([connect(bridge, s.origin), connect(bridge, s.origin)]);
    const got = { a: [] as BridgeMessage[], b: [] as BridgeMessage[] };
    a.on('message', (m) => got.a.push(JSON.parse(String(m))));
    b.on('message', (m) => got.b.push(JSON.parse(String(m))));
    a.send(JSON.stringify({ type: 'events', names: ['evals.run.progress'] }));
    a.send('{"type":"events","names":"log.changed"}');
    a.send(JSON.stringify({ type: 'invoke', id: 1, route: 'models.list', input: {} }));
    const names = (m: BridgeMessage[]) =>
      m.flatMap((f) => (f.type === 'events' ? f.items : [])).map((e) => e.name);
    for (let i = 0; i < 100 && !names(got.b).includes('log.changed'); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    // The call's log events went to both sockets in the same flush: b heard them, a did not.
    expect(names(got.b)).toContain('log.changed');
    expect(got.a.find((m) => m.type === 'result')).toMatchObject({ id: 1, result: { ok: true } });
    expect(names(got.a)).toEqual([]);
    expect(got.a.find((m) => m.type === 'rejected')).toMatchObject({
      error: { code: 'invalid_input', message: expect.stringMatching(/^names:/) },
    });
    a.close();
    b.close();
  });

  it('answers malformed frames with an error and keeps serving the socket', async () => {
    const s = await start();
    const ws = await connect(`${s.origin.replace('http', 'ws')}/bridge?token=${s.token}`, s.origin);
    const messages: BridgeMessage[] = [];
    ws.on('message', (m) => messages.push(JSON.parse(String(m))));
    for (const frame of [
      'null',
      'not json',
      '[]',
      '{"type":"invoke"}',
      '{"type":"invoke","id":7,"route":42}',
      '{"type":"nope","id":8}',
    ]) {
      ws.send(frame);
    }
    ws.send(JSON.stringify({ type: 'invoke', id: 9, route: 'app.info', input: {} }));
    for (let i = 0; i < 200 && !messages.some((m) => m.type === 'result' && m.id === 9); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const rejected = messages.filter((m) => m.type === 'rejected');
    expect(rejected).toHaveLength(4);
    expect(rejected.map((m) => (m as { error: { message: string } }).error.message)).toContain(
      'frame: must be JSON',
    );
    const result = (id: number) => messages.find((m) => m.type === 'result' && m.id === id);
    expect(result(7)).toMatchObject({
      result: { ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/^route:/) } },
    });
    expect(result(8)).toMatchObject({ result: { ok: false, error: { code: 'invalid_input' } } });
    expect(result(9)).toMatchObject({ result: { ok: true } });
    ws.close();
  });
});

/** Sends `text` as-is over TCP and returns what the server answered before it closed or 1 s passed. */
function rawRequest(origin: string, text: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let got = '';
    const socket = connectTcp(Number(port), hostname, () => socket.write(text));
    const done = () => {
      socket.destroy();
      resolve(got);
    };
    const timer = setTimeout(done, 1000);
    socket.on('data', (d) => {
      got += String(d);
      if (/\r\n\r\n/.test(got)) {
        clearTimeout(timer);
        setTimeout(done, 20);
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(got);
    });
    socket.on('error', reject);
  });
}
