import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxServer } from '../../sandbox/server';
import { GatewayClient } from '../gateway/gateway-client';
import { GatewayError } from '../gateway/gateway-error';
import { RequestLog } from '../gateway/request-log';
import type { ProfileService } from '../profiles/profile-service';
import { openMemoryDatabase } from '../db/open-database';
import { createRepositories } from '../db/repositories';
import { StorageNotices } from '../storage/storage-notices';
import { loopbackServer } from '../gateway/loopback-server.test-helper';
import { encodePng } from '../../sandbox/png-encoder';
import { HEATMAP_MAX } from '../../../src-shared/media/embedding-math';
import { MediaLibrary } from './media-library';
import { createMediaService, type MediaService } from './media-service';
import { isWav, wavDurationSeconds } from '../../test-support/wav-reader';

let server: SandboxServer;
let dir: string;
let db: DatabaseSync;
let saved: { source: string; name: string }[];
let log: RequestLog;

beforeAll(async () => {
  server = await startSandbox();
});
afterAll(() => server.close());

let events: { name: string; payload: unknown }[];

function make(
  extraHeaders?: Record<string, string>,
  opts: { host?: string; maxCachedFloats?: number } = {},
): MediaService {
  const profiles = {
    activeId: () => 'sandbox',
    target: async () => ({ host: opts.host ?? server.origin, judgeSegment: 'partner', apiKey: 'sk-test' }),
  } as unknown as ProfileService;
  log = new RequestLog();
  const fetchWith: typeof fetch = (url, init) =>
    fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), ...extraHeaders } });
  return createMediaService({
    repos: createRepositories({ db, notices: new StorageNotices() }),
    mediaUrl: (rel) => `media://${rel}`,
    desktop: {
      saveFileAs: async (source, name) => {
        saved.push({ source, name });
        return `/exports/${name}`;
      },
      saveTextAs: async () => null,
      notify: () => undefined,
    },
    client: new GatewayClient({ fetch: fetchWith, log }),
    profiles,
    media: new MediaLibrary(dir),
    emit: (name, payload) => events.push({ name, payload }),
    maxCachedFloats: opts.maxCachedFloats,
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gh-media-'));
  db = openMemoryDatabase();
  saved = [];
  events = [];
  return () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };
});

describe('MediaService images', () => {
  it('downloads url results into the library, keeps history across instances, saves', async () => {
    const media = make();
    const entry = await media.generateImages({
      model: 'sandbox-image-1',
      prompt: 'red boat',
      size: '256x256',
      n: 2,
      responseFormat: 'url',
    });
    expect(entry.files).toHaveLength(2);
    expect(entry.files[0]).toMatchObject({ width: 256, height: 256 });
    expect(entry.urls[0]).toBe(`media://images/${entry.id}/0.png`);
    const file = readFileSync(join(dir, 'media', 'images', entry.id, '0.png'));
    expect(file.subarray(1, 4).toString()).toBe('PNG');
    // The download carried no key: result URLs are signed and may live on another host.
    const download = log.list().find((e) => e.url.includes('/files/images/'));
    expect(download).toBeDefined();
    expect(download!.requestHeaders.Authorization).toBeUndefined();

    const again = make();
    expect(again.history('image').map((e) => e.id)).toEqual([entry.id]);
    expect(await again.saveAll(entry.id)).toHaveLength(2);
    expect(saved[0].name).toMatch(/^red-boat-.*-1\.png$/);
    again.clear('image');
    expect(make().history()).toEqual([]);
  });

  it('announces each image as it lands, for the grid to fill early', async () => {
    const entry = await make().generateImages({
      model: 'sandbox-image-1',
      prompt: 'two',
      size: '256x256',
      n: 2,
      responseFormat: 'url',
    });
    const payloads = events.filter((e) => e.name === 'media.image').map((e) => e.payload);
    expect(payloads).toHaveLength(2);
    expect(payloads).toContainEqual({
      entryId: entry.id,
      index: 1,
      count: 2,
      url: entry.urls[1],
      error: undefined,
    });
  });

  it('notes per image what went wrong: no url/b64, a refused scheme, a data: URL is decoded', async () => {
    const png = encodePng(2, 2, Buffer.alloc(12, 9));
    const gateway = await loopbackServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          data: [
            { url: `data:image/png;base64,${png.toString('base64')}` },
            { revised_prompt: 'nothing here' },
            { url: 'file:///etc/passwd' },
          ],
        }),
      );
    });
    try {
      const entry = await make(undefined, { host: gateway.host }).generateImages({
        model: 'm',
        prompt: 'mixed',
        size: '256x256',
        n: 3,
        responseFormat: 'url',
      });
      expect(entry.files[0]).toMatchObject({ width: 2, height: 2 });
      expect(entry.files[1].error).toBe('The gateway listed this image without a URL or base64 data.');
      expect(entry.files[2].error).toMatch(/uses file:, which Gatehouse does not fetch/);
      // Only the generation itself was a request: the data: URL never reached the log.
      expect(log.list().map((e) => e.url)).toEqual([`${gateway.host}/v1/images/generations`]);
    } finally {
      await gateway.close();
    }
  });

  it('checks history ids before building a path', async () => {
    const media = make();
    expect(() => media.deleteEntry('../../etc')).toThrow(/only letters, digits/);
    await expect(media.save('a/b')).rejects.toThrow(/only letters, digits/);
  });

  it('decodes b64_json results', async () => {
    const entry = await make().generateImages({
      model: 'sandbox-image-1',
      prompt: 'sun',
      size: '512x512',
      n: 1,
      responseFormat: 'b64_json',
    });
    expect(entry.files[0]).toMatchObject({ width: 512, height: 512 });
  });

  it('keeps history intact when a request fails', async () => {
    const ok = make();
    await ok.generateImages({
      model: 'sandbox-image-1',
      prompt: 'kept',
      size: '256x256',
      n: 1,
      responseFormat: 'url',
    });
    const failing = make({ 'x-sandbox-fault': 'http-500' });
    await expect(
      failing.generateImages({
        model: 'sandbox-image-1',
        prompt: 'lost',
        size: '256x256',
        n: 1,
        responseFormat: 'url',
      }),
    ).rejects.toBeInstanceOf(GatewayError);
    expect(
      make()
        .history()
        .map((e) => (e.kind === 'image' ? e.prompt : '')),
    ).toEqual(['kept']);
  });

  it('rejects bad input naming the field', async () => {
    await expect(
      make().generateImages({
        model: 'sandbox-image-1',
        prompt: ' ',
        size: '256x256',
        n: 1,
        responseFormat: 'url',
      }),
    ).rejects.toThrow(/prompt/);
  });
});

describe('MediaService speech', () => {
  it('stores WAV as is and wraps raw PCM into WAV', async () => {
    const media = make();
    const wav = await media.speak({
      model: 'sandbox-tts-1',
      text: 'Hello world',
      voice: 'alloy',
      format: 'wav',
      speed: 1,
    });
    expect(wav).toMatchObject({ container: 'wav', wrappedPcm: false, unplayable: false });
    const pcm = await media.speak({
      model: 'sandbox-tts-1',
      text: 'Hello world',
      voice: 'alloy',
      format: 'pcm',
      speed: 1,
    });
    expect(pcm).toMatchObject({ container: 'wav', wrappedPcm: true });
    const bytes = readFileSync(join(dir, 'media', pcm.rel));
    expect(isWav(bytes)).toBe(true);
    expect(wavDurationSeconds(bytes)).toBeCloseTo(
      wavDurationSeconds(readFileSync(join(dir, 'media', wav.rel)))!,
      3,
    );
    expect(media.history('speech')).toHaveLength(2);
  });
});

describe('MediaService embeddings', () => {
  it('sends norms and a similarity matrix, and vectors only on request', async () => {
    const media = make();
    const run = await media.embed({
      model: 'sandbox-embed-1',
      inputs: ['red fox', 'red fox runs', 'tax form'],
      dimensions: 64,
      encodingFormat: 'base64',
    });
    expect(run.inputs.map((i) => i.dimensions)).toEqual([64, 64, 64]);
    expect(run.inputs[0].norm).toBeCloseTo(1, 4);
    expect(run.matrix[0][0]).toBe(1);
    expect(run.matrix[0][1]!).toBeGreaterThan(run.matrix[0][2]!);
    expect(run.problems).toEqual([]);
    const vectors = JSON.parse(media.vectorsJson(run.id)) as { input: string; embedding: number[] }[];
    expect(vectors[2].input).toBe('tax form');
    expect(vectors[2].embedding).toHaveLength(64);
    expect(() => media.vectorsJson('nope')).toThrow(/no longer/);
  });

  it('bounds the vector cache by floats and says why a run cannot be copied', async () => {
    const media = make(undefined, { maxCachedFloats: 200 });
    const run = (n: number) =>
      media.embed({
        model: 'sandbox-embed-1',
        inputs: Array.from({ length: n }, (_, i) => `text ${i}`),
        dimensions: 32,
        encodingFormat: 'float',
      });
    const first = await run(3); // 96 floats
    const second = await run(3); // 192: both kept
    expect([first.vectorsKept, second.vectorsKept]).toEqual([true, true]);
    const third = await run(3); // 288 > 200: the first goes
    expect(JSON.parse(media.vectorsJson(third.id))).toHaveLength(3);
    expect(JSON.parse(media.vectorsJson(second.id))).toHaveLength(3);
    expect(() => media.vectorsJson(first.id)).toThrow(/dropped to make room/);
    const huge = await run(7); // 224 floats alone
    expect(huge.vectorsKept).toBe(false);
    expect(() => media.vectorsJson(huge.id)).toThrow(/too large/);
    expect(JSON.parse(media.vectorsJson(third.id))).toHaveLength(3);
  });

  it('keeps the window payload small for 100 inputs of 3,072 dimensions', async () => {
    const inputs = Array.from({ length: 100 }, (_, i) => `input number ${i} about topic ${i % 7}`);
    const run = await make().embed({
      model: 'sandbox-embed-1',
      inputs,
      dimensions: 3072,
      encodingFormat: 'base64',
    });
    expect(run.inputs).toHaveLength(100);
    expect(run.inputs[99].dimensions).toBe(3072);
    expect(run.matrix).toHaveLength(100);
    // 307,200 floats stay in main; the window gets norms and a 100x100 matrix.
    expect(JSON.stringify(run).length).toBeLessThan(120_000);
  });

  it('sends the matrix for the heat map corner only, stats for every input', async () => {
    const inputs = Array.from({ length: 130 }, (_, i) => `line ${i}`);
    const run = await make().embed({
      model: 'sandbox-embed-1',
      inputs,
      dimensions: 8,
      encodingFormat: 'float',
    });
    expect(run.inputs).toHaveLength(130);
    expect(run.matrix).toHaveLength(HEATMAP_MAX);
    expect(run.matrix[0]).toHaveLength(HEATMAP_MAX);
  });

  it('keeps each run in the history, bounded: previews of the vectors, not the vectors', async () => {
    const media = make();
    const inputs = Array.from({ length: 100 }, (_, i) => `${'long input '.repeat(40)}${i}`);
    const run = await media.embed({
      model: 'sandbox-embed-1',
      inputs,
      dimensions: 3072,
      encodingFormat: 'float',
      extra: { user: 'tester' },
    });
    expect(run.id).toMatch(/^emb-\d+-[0-9a-f]{8}$/);
    const full = JSON.parse(media.vectorsJson(run.id)) as { embedding: number[] }[];
    expect(run.inputs[5].preview).toHaveLength(8);
    run.inputs[5].preview.forEach((v, k) => expect(v).toBeCloseTo(full[5].embedding[k], 5));
    expect(run.inputs[0].text).toHaveLength(300);
    expect(run.inputs[0].chars).toBe(inputs[0].length);
    expect(run.params).toEqual({ model: 'sandbox-embed-1', dimensions: 3072, encodingFormat: 'float' });

    const row = db.prepare('SELECT kind, data FROM media_entries WHERE id = ?').get(run.id) as {
      kind: string;
      data: string;
    };
    expect(row.kind).toBe('embedding');
    // 307,200 floats would be megabytes of JSON; the row holds the panel's numbers only.
    expect(row.data.length).toBeLessThan(150_000);

    // Another instance (a restart) lists it with the same numbers, its vectors gone from memory.
    const later = make();
    const [listed] = later.history('embedding');
    expect(listed).toMatchObject({
      id: run.id,
      kind: 'embedding',
      vectorsKept: false,
      vectorsGone: 'unknown',
    });
    const { vectorsKept: _a, vectorsGone: _b, ...stored } = listed as typeof run;
    const { vectorsKept: _c, vectorsGone: _d, ...original } = run;
    expect(stored).toEqual(original);
    expect(later.history('image')).toEqual([]);
  });

  it('deletes a run from the history and forgets its vectors; Clear takes embeddings only', async () => {
    const media = make();
    const base = { model: 'sandbox-embed-1', dimensions: 8, encodingFormat: 'float' as const };
    const a = await media.embed({ ...base, inputs: ['one', 'two'] });
    const b = await media.embed({ ...base, inputs: ['three'] });
    const image = await media.generateImages({
      model: 'sandbox-image-1',
      prompt: 'kept',
      size: '256x256',
      n: 1,
      responseFormat: 'b64_json',
    });
    await expect(media.save(a.id)).rejects.toThrow(/no file to save/);
    media.deleteEntry(a.id);
    expect(media.history('embedding').map((e) => e.id)).toEqual([b.id]);
    expect(() => media.vectorsJson(a.id)).toThrow(/no longer in memory/);
    expect(media.clear('embedding')).toBe(1);
    expect(media.history().map((e) => e.id)).toEqual([image.id]);
  });
});
