import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
    const messages: { type: string; id?: number; name?: string; result?: { ok: boolean; data?: unknown } }[] =
      [];
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
    const byId = (id: number) => messages.find((m) => m.type === 'result' && m.id === id)!.result!;
    expect(byId(1)).toMatchObject({ ok: true, data: { mode: 'web' } });
    expect(byId(2).ok).toBe(true);
    expect((byId(2).data as { id: string }[]).map((m) => m.id)).toContain('sandbox-chat-1');
    expect(byId(3)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // The models call was logged and the log event reached the page.
    expect(messages.some((m) => m.type === 'event' && m.name === 'log.changed')).toBe(true);
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
    expect(got.b).toContainEqual({
      type: 'event',
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
});
