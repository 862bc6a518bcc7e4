import { afterEach, describe, expect, it } from 'vitest';
import { GatewayClient } from './gateway-client';
import { loopbackServer } from './loopback-server.test-helper';
import { RequestLog } from './request-log';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server that streams `chunks` × 64 KB of JSON-ish text, with whatever Content-Length it claims. */
async function streaming(chunks: number, headers: Record<string, string> = {}, status = 200) {
  const sent = { bytes: 0, aborted: false };
  const s = await loopbackServer(async (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.on('close', () => (sent.aborted = !res.writableFinished));
    for (let i = 0; i < chunks && !res.destroyed; i++) {
      const part = Buffer.alloc(64 * 1024, 0x20);
      sent.bytes += part.length;
      res.write(part);
      await new Promise((r) => setImmediate(r));
    }
    res.end();
  });
  servers.push(s);
  return { ...s, sent };
}

const client = (log = new RequestLog()) =>
  new GatewayClient({ fetch: (u, i) => fetch(u, i), log, sleep: async () => {} });
const target = (host: string) => ({ host, judgeSegment: 'p' });

describe('reply size caps', () => {
  it('stops reading a JSON reply at the cap when no Content-Length warns of it, and names the cap', async () => {
    const s = await streaming(400);
    const log = new RequestLog();
    const err = await client(log)
      .json(
        target(s.host),
        { method: 'GET', url: `${s.host}/v1/models` },
        { maxBytes: 1024 * 1024, retries: 0 },
      )
      .catch((e) => e);
    expect(err.code).toBe('bad_response');
    expect(err.message).toMatch(/larger than 1 MB, the most Gatehouse reads/);
    expect(err.toAppError().details).toMatchObject({ limitBytes: 1024 * 1024 });
    expect(log.list()[0]).toMatchObject({ state: 'failed' });
  });

  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    const s = await streaming(400, { 'Content-Length': String(400 * 64 * 1024) });
    const err = await client()
      .bytes(
        target(s.host),
        { method: 'GET', url: `${s.host}/v1/audio` },
        { maxBytes: 256 * 1024, retries: 0 },
      )
      .catch((e) => e);
    expect(err.message).toMatch(/larger than 0.3 MB/);
    // The server was cut off long before it sent everything.
    await new Promise((r) => setTimeout(r, 50));
    expect(s.sent.bytes).toBeLessThan(400 * 64 * 1024);
  });

  it('reads a reply under the cap whole', async () => {
    const s = await streaming(3);
    const { bytes } = await client().bytes(
      target(s.host),
      { method: 'GET', url: `${s.host}/v1/x` },
      { maxBytes: 1024 * 1024 },
    );
    expect(bytes.length).toBe(3 * 64 * 1024);
  });

  it('has a default cap for every JSON reply, so no endpoint is unbounded', async () => {
    const s = await streaming(20 * 16 + 1); // 16 MB and a bit
    const err = await client()
      .json(target(s.host), { method: 'GET', url: `${s.host}/v1/models` }, { retries: 0 })
      .catch((e) => e);
    expect(err.message).toMatch(/larger than 16 MB/);
  });

  it('reads only the start of a huge error body, and still reports the status', async () => {
    const s = await streaming(200, {}, 500);
    const err = await client()
      .json(target(s.host), { method: 'POST', url: `${s.host}/v1/x`, json: {} })
      .catch((e) => e);
    expect(err.code).toBe('server_error');
    await new Promise((r) => setTimeout(r, 50));
    expect(s.sent.bytes).toBeLessThan(200 * 64 * 1024);
  });
});

describe('per-endpoint caps', () => {
  it('refuses base64 image data over the image cap before decoding it', async () => {
    const { decodeBase64Image } = await import('./images-api');
    expect(() => decodeBase64Image('A'.repeat(4 * 1024), 1024)).toThrow(/over the 1 KB limit/);
    expect(decodeBase64Image(Buffer.from('png').toString('base64'), 1024)).toEqual(Buffer.from('png'));
  });

  it('reads a judge answer only up to the judge cap', async () => {
    const { postJudge } = await import('./judge-api');
    const { REPLY_CAPS } = await import('./reply-caps');
    const s = await streaming(Math.ceil(REPLY_CAPS.judge / (64 * 1024)) + 2);
    const err = await postJudge(client(), target(s.host), {
      model: 'm',
      state: 'x',
      questions: [],
    } as never).catch((e) => e);
    expect(err.message).toMatch(/larger than 4 MB/);
  });
});
