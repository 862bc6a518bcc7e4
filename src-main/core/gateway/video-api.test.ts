import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import { GatewayClient } from './gateway-client';
import { loopbackServer } from './loopback-server.test-helper';
import { RequestLog } from './request-log';
import { createVideoTask, downloadVideo, getVideoTask, videoContainer, videoDownloadUrl } from './video-api';

let dir: string;
const servers: { close(): Promise<void> }[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gh-video-api-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

const client = () =>
  new GatewayClient({ fetch: (u, i) => fetch(u, i), log: new RequestLog(), sleep: async () => {} });

async function serving(status: number, body: Buffer | string, headers: Record<string, string>) {
  const s = await loopbackServer((_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  });
  servers.push(s);
  return s;
}

const dest = () => join(dir, 'videos', 'v.mp4');
// An MP4's first box: size, then `ftyp` at offset 4.
const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(20, 1)]);
const leftovers = () => (existsSync(join(dir, 'videos')) ? readdirSync(join(dir, 'videos')) : []);

describe('downloadVideo', () => {
  it('streams the body to the target file, leaving no temporary file', async () => {
    const clip = Buffer.concat([mp4Head, Buffer.alloc(200_000, 7)]);
    const s = await serving(200, clip, { 'Content-Type': 'video/mp4' });
    const out = await downloadVideo(client(), { host: s.host, judgeSegment: 'p' }, '/v.mp4', dest());
    expect(out.bytes).toBe(clip.length);
    expect(readFileSync(dest()).equals(clip)).toBe(true);
    expect(leftovers()).toEqual(['v.mp4']);
  });

  it.each([['application/octet-stream'], ['binary/octet-stream'], ['application/mp4'], ['']])(
    'accepts Content-Type %j when the bytes are a video',
    async (type) => {
      const s = await serving(200, mp4Head, type ? { 'Content-Type': type } : {});
      await downloadVideo(client(), { host: s.host, judgeSegment: 'p' }, `${s.host}/v`, dest());
      expect(readFileSync(dest()).equals(mp4Head)).toBe(true);
    },
  );

  it('says a result link that answers 404 is no longer valid, not that the model is unknown', async () => {
    const s = await serving(404, 'NoSuchKey', { 'Content-Type': 'text/plain' });
    const failure = downloadVideo(client(), { host: s.host, judgeSegment: 'p' }, `${s.host}/v`, dest());
    await expect(failure).rejects.toThrow(/no longer valid/);
    await expect(failure).rejects.not.toThrow(/model/);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a generic binary whose bytes are no video container, with the reason', async () => {
    const s = await serving(200, 'abc', { 'Content-Type': 'binary/octet-stream' });
    await expect(
      downloadVideo(client(), { host: s.host, judgeSegment: 'p' }, `${s.host}/v`, dest()),
    ).rejects.toThrow(
      /binary\/octet-stream, but the file is not an MP4, WebM or MOV video \(it starts with 61 62 63\)/,
    );
    expect(leftovers()).toEqual([]);
  });

  it('refuses a reply that is not a video (an HTML error page), writing nothing', async () => {
    const s = await serving(200, '<html>expired</html>', { 'Content-Type': 'text/html; charset=utf-8' });
    await expect(
      downloadVideo(client(), { host: s.host, judgeSegment: 'p' }, `${s.host}/v`, dest()),
    ).rejects.toThrow(/answered with text\/html instead of a video/);
    expect(leftovers()).toEqual([]);
  });

  it('refuses an error page served as video/mp4: the bytes decide, not the label', async () => {
    const s = await serving(200, '<html>Access denied</html>', { 'Content-Type': 'video/mp4' });
    await expect(
      downloadVideo(client(), { host: s.host, judgeSegment: 'p' }, `${s.host}/v`, dest()),
    ).rejects.toThrow(/video\/mp4, but the file is not an MP4, WebM or MOV video/);
    expect(leftovers()).toEqual([]);
  });

  it('stops at the byte cap and deletes the partial file', async () => {
    // No Content-Length: the cap is enforced while streaming.
    const s = await loopbackServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'video/mp4' });
      res.write(mp4Head);
      for (let i = 0; i < 20; i++) res.write(Buffer.alloc(10_000, 1));
      res.end();
    });
    servers.push(s);
    await expect(
      downloadVideo(client(), { host: s.host, judgeSegment: 'p' }, `${s.host}/v`, dest(), {
        maxBytes: 50_000,
      }),
    ).rejects.toThrow(/larger than/);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a declared Content-Length above the cap before reading', async () => {
    const s = await serving(200, Buffer.alloc(60_000), { 'Content-Type': 'video/mp4' });
    await expect(
      downloadVideo(client(), { host: s.host, judgeSegment: 'p' }, `${s.host}/v`, dest(), {
        maxBytes: 50_000,
      }),
    ).rejects.toThrow(/larger than/);
    expect(leftovers()).toEqual([]);
  });

  it('fetches only http(s) addresses', () => {
    const target = { host: 'https://gw.example', judgeSegment: 'p' };
    expect(videoDownloadUrl('/files/v.mp4', target)).toBe('https://gw.example/files/v.mp4');
    expect(videoDownloadUrl('http://cdn.example/v.mp4', target)).toBe('http://cdn.example/v.mp4');
    for (const bad of ['file:///etc/passwd', 'data:video/mp4;base64,AAAA', 'ftp://x/v.mp4']) {
      expect(() => videoDownloadUrl(bad, target)).toThrow(/not an http\(s\) address/);
    }
  });

  it('sends the key and the profile’s headers to its own origin only, never to another result address', async () => {
    const seen: Record<string, { auth?: string; team?: string }[]> = { own: [], other: [] };
    const serve = (who: 'own' | 'other') =>
      loopbackServer((req, res) => {
        seen[who].push({ auth: req.headers.authorization, team: req.headers['x-team'] as string });
        res.writeHead(200, { 'Content-Type': 'video/mp4' });
        res.end(mp4Head);
      });
    const own = await serve('own');
    const other = await serve('other');
    servers.push(own, other);
    const target = {
      host: own.host,
      judgeSegment: 'p',
      baseUrl: `${own.host}/v1`,
      apiKey: 'sk-secret',
      headers: { 'X-Team': 'blue' },
    };
    await downloadVideo(client(), target, '/v1/videos/v/content', dest());
    // Another port of the same host is another origin.
    await downloadVideo(client(), target, `${other.host}/v.mp4`, dest());
    expect(seen.own).toEqual([{ auth: 'Bearer sk-secret', team: 'blue' }]);
    expect(seen.other).toEqual([{ auth: undefined, team: undefined }]);
  });
});

describe('createVideoTask', () => {
  it('returns a reply without a task id instead of throwing, with the raw body', async () => {
    const s = await serving(200, '{"status":"accepted"}', { 'Content-Type': 'application/json' });
    const out = await createVideoTask(
      client(),
      { host: s.host, judgeSegment: 'p' },
      {
        model: 'm',
        content: [{ type: 'text', text: 'x' }],
        ratio: '16:9',
        duration: 5,
        resolution: '720p',
        generate_audio: true,
      },
    );
    expect(out.taskId).toBeUndefined();
    expect(out.raw).toBe('{"status":"accepted"}');
  });
});

describe('videoContainer', () => {
  it('knows MP4, MOV and WebM by their first bytes, and nothing else', () => {
    const box = (type: string, brand = '') =>
      Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from(type + brand)]);
    expect(videoContainer(box('ftyp', 'isom'))).toBe('mp4');
    expect(videoContainer(box('ftyp', 'qt  '))).toBe('mov');
    expect(videoContainer(box('moov'))).toBe('mov');
    expect(videoContainer(box('mdat'))).toBe('mov');
    expect(videoContainer(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 0, 0, 0]))).toBe('webm');
    expect(videoContainer(Buffer.from('<html>expired</html>'))).toBeUndefined();
    expect(videoContainer(Buffer.from('{"error":1}'))).toBeUndefined();
  });
});

describe('HTTP-200 error envelopes on video calls', () => {
  const target = (host: string) => ({ host, judgeSegment: 'p', apiKey: 'k' });

  it('a create answered {code: 1001, message} throws with the gateway’s words', async () => {
    const s = await serving(200, JSON.stringify({ code: 1001, message: 'insufficient balance' }), {
      'Content-Type': 'application/json',
    });
    await expect(
      createVideoTask(client(), target(s.host), buildVideoRequest({ ...defaultVideoForm(), prompt: 'p' })),
    ).rejects.toThrow('The gateway refused the request: insufficient balance (code 1001)');
  });

  it('a query envelope throws, but a failed task with an error object is a task', async () => {
    const refused = await serving(200, JSON.stringify({ code: 500, msg: 'upstream busy', data: null }), {
      'Content-Type': 'application/json',
    });
    await expect(getVideoTask(client(), target(refused.host), 't')).rejects.toThrow(/upstream busy/);
    const failed = await serving(
      200,
      JSON.stringify({
        id: 't',
        status: 'failed',
        error: { code: 'InvalidParameter.duration', message: 'bad' },
      }),
      { 'Content-Type': 'application/json' },
    );
    const out = await getVideoTask(client(), target(failed.host), 't');
    expect(out.parsed).toMatchObject({
      state: 'failed',
      errorCode: 'InvalidParameter.duration',
      error: 'bad',
    });
  });
});

describe('getVideoTask on fal’s queue: the result at response_url says how the request ended', () => {
  /** The gateway answers COMPLETED, then the result at its response_url as scripted. */
  async function completedWith(status: number, result: unknown) {
    const s = await loopbackServer((req, res) => {
      const origin = `http://${req.headers.host}`;
      const body = req.url?.startsWith('/v1/video/generations/')
        ? { status: 'COMPLETED', request_id: 'r1', response_url: `${origin}/fal-ai/veo3/requests/r1` }
        : result;
      res.writeHead(req.url?.startsWith('/v1/video/') ? 200 : status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    servers.push(s);
    return getVideoTask(client(), { host: s.host, judgeSegment: 'p' }, 'r1', { retries: 0 });
  }

  it('fal’s request error after the queue’s retries fails the task, with its kind', async () => {
    const reply = await completedWith(504, { detail: 'Request timed out', error_type: 'request_timeout' });
    expect(reply.parsed).toMatchObject({
      state: 'failed',
      error: 'Request timed out',
      errorCode: 'request_timeout',
    });
    expect(JSON.parse(reply.raw)).toEqual({ http_status: 504, message: 'Request timed out' });
  });

  it('any other 5xx is a check that failed, without a status the poller would read as the task’s', async () => {
    const err = await completedWith(500, { error: { message: 'boom', type: 'server_error' } }).catch(
      (e) => e,
    );
    expect(err.message).toMatch(/^The task finished, but its result could not be read/);
    expect(err.status).toBeUndefined();
  });

  it('a 200 error envelope fails the task in the gateway’s words', async () => {
    const reply = await completedWith(200, { code: 1001, message: 'insufficient account balance' });
    expect(reply.parsed).toMatchObject({
      state: 'failed',
      error: 'insufficient account balance',
      errorCode: '1001',
    });
  });

  it('a result with no video says where it looked', async () => {
    const reply = await completedWith(200, { images: [{ url: 'https://v3.fal.example/a.png' }] });
    expect(reply.parsed.state).toBe('succeeded');
    expect(reply.parsed.missing).toMatchObject({ field: 'videoUrl' });
    expect(reply.parsed.resultUrl).toBeUndefined();
  });
});
