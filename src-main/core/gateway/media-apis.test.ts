import { afterEach, describe, expect, it } from 'vitest';
import { encodePng } from '../../sandbox/png-encoder';
import { parseEmbeddings } from './embeddings-api';
import { GatewayClient } from './gateway-client';
import { GatewayError } from './gateway-error';
import { downloadImage, parseImages } from './images-api';
import { loopbackServer } from './loopback-server.test-helper';
import { RequestLog } from './request-log';
import { createSpeech } from './speech-api';

const b64 = (xs: number[]) => {
  const buf = Buffer.alloc(xs.length * 4);
  xs.forEach((x, i) => buf.writeFloatLE(x, i * 4));
  return buf.toString('base64');
};

describe('parseEmbeddings', () => {
  it('reads OpenAI data[] with float arrays and base64, in index order', () => {
    const r = parseEmbeddings({
      object: 'list',
      model: 'm',
      data: [
        { index: 1, embedding: b64([0, 1]) },
        { index: 0, embedding: [1, 0] },
      ],
      usage: { prompt_tokens: 3, total_tokens: 3 },
    });
    expect(r.vectors.map((v) => Array.from(v))).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(r.model).toBe('m');
    expect(r.usage?.total_tokens).toBe(3);
    expect(r.cost).toBeUndefined();
  });

  it('reads a cost the gateway adds to usage, and ignores one that is not a number', () => {
    const body = { data: [{ embedding: [1] }], usage: { total_tokens: 2, cost: 0.00012 } };
    expect(parseEmbeddings(body).cost).toBe(0.00012);
    expect(parseEmbeddings({ ...body, usage: { cost: '0.1' } }).cost).toBeUndefined();
  });

  it('accepts embeddings[] and a single embedding', () => {
    expect(parseEmbeddings({ embeddings: [[1], [2]] }).vectors).toHaveLength(2);
    expect(Array.from(parseEmbeddings({ embedding: [0.5] }).vectors[0])).toEqual([0.5]);
  });

  it('rejects a body without vectors as bad_response', () => {
    expect(() => parseEmbeddings({ foo: 1 })).toThrow(GatewayError);
    expect(() => parseEmbeddings({ data: [{ embedding: 'abc' }] })).toThrow(/base64 float32/);
  });
});

describe('parseImages', () => {
  it('reads data[].url and data[].b64_json', () => {
    expect(
      parseImages({ data: [{ url: 'https://x/a.png', revised_prompt: 'r' }, { b64_json: 'AAAA' }] }),
    ).toEqual([
      { url: 'https://x/a.png', b64: undefined, revisedPrompt: 'r' },
      { url: undefined, b64: 'AAAA', revisedPrompt: undefined },
    ]);
  });

  it('accepts images[] of bare strings and image_url objects', () => {
    expect(parseImages({ images: ['https://x/1.png'] })[0].url).toBe('https://x/1.png');
    expect(parseImages({ data: [{ image_url: { url: 'https://x/2.png' } }] })[0].url).toBe('https://x/2.png');
  });

  it('rejects a reply without images', () => {
    expect(() => parseImages({ data: [] })).toThrow(/no image/);
    expect(() => parseImages({})).toThrow(/no data/);
  });
});

describe('bad_response keeps the raw reply', () => {
  it('for images and embeddings, with long strings shortened', () => {
    const err = (() => {
      try {
        parseImages({ data: [{ note: 'x'.repeat(10_000) }] });
      } catch (e) {
        return e as GatewayError;
      }
    })();
    expect(err?.code).toBe('bad_response');
    expect(err?.gatewayMessage).toMatch(/^\{"data":\[\{"note":"x{40}… \(10000 chars\)"\}\]\}$/);
    try {
      parseEmbeddings({ wrong: true });
    } catch (e) {
      expect((e as GatewayError).gatewayMessage).toBe('{"wrong":true}');
    }
  });
});

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const client = (log = new RequestLog()) =>
  new GatewayClient({ fetch: (u, i) => fetch(u, i), log, sleep: async () => {} });

async function serve(handler: Parameters<typeof loopbackServer>[0]) {
  const s = await loopbackServer(handler);
  servers.push(s);
  return s;
}

describe('createSpeech', () => {
  it('unwraps a JSON-wrapped base64 reply and takes its format', async () => {
    const audio = Buffer.from('RIFF....WAVEfmt ');
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: { audio: audio.toString('base64') }, format: 'wav' }));
    });
    const r = await createSpeech(
      client(),
      { host: s.host, judgeSegment: 'p', apiKey: 'sk-x' },
      { model: 'm', input: 'hi', voice: 'v', response_format: 'mp3' },
    );
    expect(Buffer.from(r.bytes).equals(audio)).toBe(true);
    expect(r.contentType).toBe('audio/wav');
  });

  it('keeps the raw text when the JSON reply holds no audio', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"status":"queued"}');
    });
    const err = await createSpeech(
      client(),
      { host: s.host, judgeSegment: 'p' },
      { model: 'm', input: 'hi', voice: 'v' },
    ).catch((e: GatewayError) => e);
    expect(err).toMatchObject({ code: 'bad_response', gatewayMessage: '{"status":"queued"}' });
  });
});

describe('downloadImage', () => {
  const png = encodePng(2, 2, Buffer.alloc(2 * 2 * 3, 200));

  it('never sends the key, and resolves relative URLs against the profile host', async () => {
    let auth: string | undefined = 'unset';
    let path = '';
    const s = await serve((req, res) => {
      auth = req.headers.authorization;
      path = req.url ?? '';
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(png);
    });
    const log = new RequestLog();
    const bytes = await downloadImage(
      client(log),
      { host: `${s.host}/v1/`, judgeSegment: 'p', apiKey: 'sk-secret' },
      '/files/a.png',
    );
    expect(Buffer.from(bytes).equals(png)).toBe(true);
    expect(auth).toBeUndefined();
    expect(path).toBe('/files/a.png');
    expect(log.list()[0].requestHeaders.Authorization).toBeUndefined();
  });

  it('sends the profile’s headers to its own origin only, never to another (a signed CDN link)', async () => {
    const seen: Record<string, string | undefined>[] = [];
    const answer = (
      req: { headers: Record<string, string | string[] | undefined> },
      res: import('node:http').ServerResponse,
    ) => {
      seen.push({
        token: req.headers['x-corp-token'] as string | undefined,
        auth: req.headers.authorization as string | undefined,
      });
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(png);
    };
    const gateway = await serve(answer);
    const cdn = await serve(answer);
    const target = {
      host: gateway.host,
      baseUrl: `${gateway.host}/v1`,
      judgeSegment: 'p',
      apiKey: 'sk-secret',
      headers: { 'x-corp-token': 'tok-canary' },
      secretHeaders: ['x-corp-token'],
    };
    await downloadImage(client(new RequestLog()), target, `${gateway.host}/files/a.png`);
    await downloadImage(client(new RequestLog()), target, `${cdn.host}/signed/b.png`);
    expect(seen).toEqual([
      { token: 'tok-canary', auth: undefined },
      { token: undefined, auth: undefined },
    ]);
  });

  it('decodes data: URLs locally, without a request', async () => {
    const log = new RequestLog();
    const target = { host: 'http://127.0.0.1:9', judgeSegment: 'p' };
    const bytes = await downloadImage(client(log), target, `data:image/png;base64,${png.toString('base64')}`);
    expect(Buffer.from(bytes).equals(png)).toBe(true);
    expect(log.list()).toEqual([]);
    await expect(
      downloadImage(client(log), target, `data:image/png;base64,${'A'.repeat(4000)}`, { maxBytes: 1000 }),
    ).rejects.toThrow('The image is over the 1 KB limit, so it was not downloaded.');
  });

  it('refuses other schemes before any request', async () => {
    const log = new RequestLog();
    const target = { host: 'http://127.0.0.1:9', judgeSegment: 'p' };
    for (const url of ['file:///etc/passwd', 'ftp://x/y.png', 'javascript:alert(1)']) {
      await expect(downloadImage(client(log), target, url)).rejects.toMatchObject({
        code: 'bad_response',
        message: expect.stringMatching(/only http, https and data: URLs/),
      });
    }
    expect(log.list()).toEqual([]);
  });

  it('stops at the byte cap, declared or streamed, and says so', async () => {
    const big = Buffer.alloc(5000, 1);
    const s = await serve((req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(big.length) });
        res.end(big);
      } else {
        res.writeHead(200, { 'Content-Type': 'image/png' }); // chunked, no length
        res.write(big.subarray(0, 2500));
        setTimeout(() => res.end(big.subarray(2500)), 20);
      }
    });
    const log = new RequestLog();
    const target = { host: s.host, judgeSegment: 'p' };
    for (const path of ['/declared', '/streamed']) {
      await expect(
        downloadImage(client(log), target, `${s.host}${path}`, { maxBytes: 3000 }),
      ).rejects.toMatchObject({ code: 'bad_response', message: expect.stringMatching(/not downloaded/) });
    }
    expect(log.list().map((e) => e.state)).toEqual(['failed', 'failed']);
    expect(await downloadImage(client(), target, `${s.host}/declared`, { maxBytes: 6000 })).toHaveLength(
      5000,
    );
  });
});
