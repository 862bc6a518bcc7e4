import { inflateSync } from 'node:zlib';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWav, wavDurationSeconds } from '../test-support/wav-reader';
import { MAX_SPEECH_SECONDS } from './speech-audio';
import { PNG_SIGNATURE, pngSize } from './png-encoder';
import { startSandbox, type SandboxServer } from './server';
import { post } from './test-helpers';

let server: SandboxServer;
let client: OpenAI;

beforeAll(async () => {
  server = await startSandbox({ tokenDelayMs: 1 });
  client = new OpenAI({ apiKey: 'sk-test', baseURL: server.baseUrl, maxRetries: 0 });
});
afterAll(() => server.close());

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

describe('sandbox /v1/embeddings', () => {
  it('returns deterministic unit vectors where shared words are closer', async () => {
    const input = ['the red fox jumps', 'a red fox sleeps', 'quarterly tax report'];
    const res = await post(server.baseUrl, '/embeddings', {
      model: 'sandbox-embed-1',
      input,
      dimensions: 128,
      encoding_format: 'float',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      object: string;
      data: { index: number; embedding: number[] }[];
      usage: { total_tokens: number };
    };
    expect(body.object).toBe('list');
    expect(body.data.map((d) => d.index)).toEqual([0, 1, 2]);
    const [a, b, c] = body.data.map((d) => d.embedding);
    expect(a).toHaveLength(128);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c) + 0.2);
    expect(body.usage.total_tokens).toBe(11);
    const again = (await (
      await post(server.baseUrl, '/embeddings', { model: 'sandbox-embed-1', input, dimensions: 128 })
    ).json()) as typeof body;
    expect(again.data[0].embedding).toEqual(a);
  });

  it('answers base64 float32 little-endian when asked', async () => {
    const res = await post(server.baseUrl, '/embeddings', {
      model: 'sandbox-embed-1',
      input: 'hello world',
      encoding_format: 'base64',
    });
    const body = (await res.json()) as { data: { embedding: string }[] };
    const buf = Buffer.from(body.data[0].embedding, 'base64');
    expect(buf.length).toBe(256 * 4);
    let sq = 0;
    for (let i = 0; i < 256; i++) sq += buf.readFloatLE(i * 4) ** 2;
    expect(sq).toBeCloseTo(1, 4);
  });

  it('names the field of bad input and 404s an unknown model', async () => {
    const missing = await post(server.baseUrl, '/embeddings', { model: 'sandbox-embed-1' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(/^input /);
    const dims = await post(server.baseUrl, '/embeddings', {
      model: 'sandbox-embed-1',
      input: 'x',
      dimensions: 0,
    });
    expect(((await dims.json()) as { error: { message: string } }).error.message).toMatch(
      /^dimensions must be an integer/,
    );
    const unknown = await post(server.baseUrl, '/embeddings', { model: 'nope', input: 'x' });
    expect(unknown.status).toBe(404);
    const wrongKind = await post(server.baseUrl, '/embeddings', { model: 'sandbox-chat-1', input: 'x' });
    expect(wrongKind.status).toBe(404);
  });

  it('works through the official openai client (which asks for base64 by default)', async () => {
    const r = await client.embeddings.create({ model: 'sandbox-embed-1', input: ['red fox', 'red fox'] });
    expect(r.data).toHaveLength(2);
    expect(r.data[0].embedding).toHaveLength(256);
    expect(r.data[0].embedding).toEqual(r.data[1].embedding);
    const f = await client.embeddings.create({
      model: 'sandbox-embed-1',
      input: 'red fox',
      dimensions: 64,
      encoding_format: 'float',
    });
    expect(f.data[0].embedding).toHaveLength(64);
    // Shorter vectors are a renormalised prefix of longer ones, so component ratios agree.
    const [f0, f1] = f.data[0].embedding;
    const [r0, r1] = r.data[0].embedding;
    expect(f0 / f1).toBeCloseTo(r0 / r1, 3);
  });
});

describe('sandbox /v1/images/generations', () => {
  it('returns n real PNGs of the asked size as b64_json', async () => {
    const res = await post(server.baseUrl, '/images/generations', {
      model: 'sandbox-image-1',
      prompt: 'a lighthouse at dusk',
      n: 2,
      size: '256x256',
      response_format: 'b64_json',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { created: number; data: { b64_json: string }[] };
    expect(body.data).toHaveLength(2);
    const png = Buffer.from(body.data[0].b64_json, 'base64');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 256, height: 256 });
    expect(body.data[0].b64_json).not.toBe(body.data[1].b64_json);
    // The pixel data inflates to one filter byte plus RGB per row, with valid filter types.
    const idatLen = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLen));
    expect(raw.length).toBe(256 * (256 * 3 + 1));
    for (let y = 0; y < 256; y++) expect(raw[y * (256 * 3 + 1)]).toBeLessThanOrEqual(4);
  });

  it('serves url results without a key, like a signed URL', async () => {
    const res = await post(server.baseUrl, '/images/generations', {
      model: 'sandbox-image-1',
      prompt: 'cat',
      size: '512x512',
    });
    const body = (await res.json()) as { data: { url: string }[] };
    expect(body.data).toHaveLength(1);
    const file = await fetch(body.data[0].url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(pngSize(new Uint8Array(await file.arrayBuffer()))).toEqual({ width: 512, height: 512 });
    const gone = await fetch(`${server.baseUrl}/files/images/img-0000.png`);
    expect(gone.status).toBe(404);
  });

  it('validates prompt, size and n', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ model: 'sandbox-image-1' }, /^prompt is required/],
      [{ model: 'sandbox-image-1', prompt: '  ' }, /^prompt must not be empty/],
      [
        { model: 'sandbox-image-1', prompt: 'x', size: '300x300' },
        /^size must be one of 256x256, 512x512, 1024x1024/,
      ],
      [{ model: 'sandbox-image-1', prompt: 'x', n: 5 }, /^n must be an integer between 1 and 4/],
      [
        { model: 'sandbox-image-1', prompt: 'x', response_format: 'png' },
        /^response_format must be one of url, b64_json/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(server.baseUrl, '/images/generations', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
  });

  it('works through the official openai client', async () => {
    const r = await client.images.generate({
      model: 'sandbox-image-1',
      prompt: 'blue sky',
      size: '256x256',
      response_format: 'b64_json',
      n: 1,
    });
    expect(pngSize(Buffer.from(r.data![0].b64_json!, 'base64'))).toEqual({ width: 256, height: 256 });
    const u = await client.images.generate({ model: 'sandbox-image-1', prompt: 'blue sky', size: '256x256' });
    expect(u.data![0].url).toMatch(/\/v1\/files\/images\/img-[0-9a-f]+\.png$/);
  });
});

describe('sandbox /v1/audio/speech', () => {
  it('returns a WAV whose length grows with the text', async () => {
    const short = await post(server.baseUrl, '/audio/speech', {
      model: 'sandbox-tts-1',
      input: 'Hello.',
      voice: 'alloy',
    });
    expect(short.status).toBe(200);
    expect(short.headers.get('content-type')).toBe('audio/wav');
    const a = new Uint8Array(await short.arrayBuffer());
    expect(isWav(a)).toBe(true);
    const long = await post(server.baseUrl, '/audio/speech', {
      model: 'sandbox-tts-1',
      input: 'Hello there, this is a much longer sentence with many words in it.',
      voice: 'alloy',
    });
    const b = new Uint8Array(await long.arrayBuffer());
    expect(wavDurationSeconds(b)!).toBeGreaterThan(wavDurationSeconds(a)! * 3);
    const fast = await post(server.baseUrl, '/audio/speech', {
      model: 'sandbox-tts-1',
      input: 'Hello.',
      voice: 'alloy',
      speed: 2,
    });
    expect(wavDurationSeconds(new Uint8Array(await fast.arrayBuffer()))!).toBeCloseTo(
      wavDurationSeconds(a)! / 2,
      1,
    );
  });

  it('answers raw pcm when asked, and names response_format for mp3', async () => {
    const pcm = await post(server.baseUrl, '/audio/speech', {
      model: 'sandbox-tts-1',
      input: 'Hi',
      voice: 'x',
      response_format: 'pcm',
    });
    expect(pcm.headers.get('content-type')).toBe('audio/pcm');
    expect(isWav(new Uint8Array(await pcm.arrayBuffer()))).toBe(false);
    const mp3 = await post(server.baseUrl, '/audio/speech', {
      model: 'sandbox-tts-1',
      input: 'Hi',
      voice: 'x',
      response_format: 'mp3',
    });
    expect(mp3.status).toBe(400);
    expect(((await mp3.json()) as { error: { message: string } }).error.message).toMatch(
      /^response_format .*wav, pcm/,
    );
  });

  it('caps the clip length, so 4,096 characters at speed 0.25 stay small', async () => {
    const res = await post(server.baseUrl, '/audio/speech', {
      model: 'sandbox-tts-1',
      input: 'a. '.repeat(1365),
      voice: 'alloy',
      speed: 0.25,
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(wavDurationSeconds(bytes)).toBe(MAX_SPEECH_SECONDS);
    expect(bytes.byteLength).toBeLessThan(6_000_000);
  });

  it('requires input and voice, checks speed', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ model: 'sandbox-tts-1', voice: 'a' }, /^input is required/],
      [{ model: 'sandbox-tts-1', voice: 'a', input: '   ' }, /^input must not be empty/],
      [{ model: 'sandbox-tts-1', input: 'hi' }, /^voice is required/],
      [
        { model: 'sandbox-tts-1', input: 'hi', voice: 'a', speed: 5 },
        /^speed must be a number between 0.25 and 4/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(server.baseUrl, '/audio/speech', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect(
      (await post(server.baseUrl, '/audio/speech', { model: 'tts-unknown', input: 'hi', voice: 'a' })).status,
    ).toBe(404);
  });

  it('works through the official openai client', async () => {
    const res = await client.audio.speech.create({
      model: 'sandbox-tts-1',
      input: 'Good morning',
      voice: 'alloy',
      response_format: 'wav',
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(isWav(bytes)).toBe(true);
    expect(wavDurationSeconds(bytes)!).toBeGreaterThan(0.2);
  });
});

describe('media endpoints keep the gateway rules', () => {
  it('401 without a key, 500 under the fault', async () => {
    const noKey = await fetch(`${server.baseUrl}/embeddings`, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    const fault = await post(
      server.baseUrl,
      '/images/generations',
      { model: 'sandbox-image-1', prompt: 'x' },
      { 'x-sandbox-fault': 'http-500' },
    );
    expect(fault.status).toBe(500);
  });
});
