import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultClipPath } from '../../sandbox/routes/video-files';
import { startSandbox, type SandboxServer } from '../../sandbox/server';
import { GatewayClient } from '../gateway/gateway-client';
import { RequestLog } from '../gateway/request-log';
import { MediaLibrary } from '../media/media-library';
import { JsonCollection } from '../storage/json-collection';
import { StorageNotices } from '../storage/storage-notices';
import { VideoService, type VideoEvents } from './video-service';
import { type VideoTaskView, videoTaskSchema } from './video-task';

let dir: string;
let sb: SandboxServer;
const fast = { firstDelayMs: 30, factor: 1.2, maxDelayMs: 60, jitter: 0.1 };

function makeService(opts: { fetch?: typeof fetch } = {}) {
  const events: { name: keyof VideoEvents; payload: unknown }[] = [];
  const notes: string[] = [];
  const log = new RequestLog();
  const service = new VideoService({
    client: new GatewayClient({ fetch: opts.fetch ?? ((u, i) => fetch(u, i)), log }),
    profiles: {
      activeId: () => 'sandbox',
      target: async () => ({ host: sb.origin, judgeSegment: 'partner', apiKey: 'sk-test' }),
    },
    tasks: new JsonCollection(join(dir, 'video-tasks'), videoTaskSchema, new StorageNotices()),
    media: new MediaLibrary(dir),
    desktop: {
      saveFileAs: async (src, name) => join('/exports', name) + (src ? '' : ''),
      saveTextAs: async () => null,
      notify: (title, body) => notes.push(`${title}: ${body}`),
    },
    mediaUrl: (rel) => `media://${rel}`,
    emit: (name, payload) => events.push({ name, payload }),
    backoff: fast,
  });
  return { service, events, notes, log };
}

async function until(pred: () => boolean, ms = 4000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gh-video-'));
  sb = await startSandbox({ port: 0, videoPaceMs: 60 });
});
afterEach(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('VideoService', () => {
  it('saves a created task at once, polls it to success and downloads the video', async () => {
    const { service, events, notes } = makeService();
    const created = await service.create({ model: 'vidmodel-2-0-260128', prompt: 'a red kite' });
    expect(created.taskId).toMatch(/^task-/);
    expect(created.state).toBe('queued');
    // Saved before any poll: a fresh collection over the same folder sees it.
    const onDisk = new JsonCollection(join(dir, 'video-tasks'), videoTaskSchema, new StorageNotices()).get(
      created.id,
    );
    expect(onDisk?.request).toMatchObject({ model: 'vidmodel-2-0-260128', duration: 10, resolution: '720p' });

    await until(() => events.some((e) => (e.payload as VideoTaskView).videoUrl));
    const done = service.list()[0];
    expect(done.state).toBe('succeeded');
    expect(done.localFile).toBe(`videos/${created.id}.mp4`);
    expect(done.videoUrl).toBe(`media://videos/${created.id}.mp4`);
    const bytes = readFileSync(new MediaLibrary(dir).resolve(done.localFile!));
    expect(bytes.equals(readFileSync(defaultClipPath()))).toBe(true);
    expect(notes).toEqual(['Video ready: a red kite']);
    expect(await service.saveAs(created.id)).toEqual({ path: expect.stringMatching(/video-task-.*\.mp4$/) });

    service.remove(created.id);
    expect(service.list()).toEqual([]);
    expect(new MediaLibrary(dir).exists(done.localFile!)).toBe(false);
    expect(events.at(-1)).toEqual({ name: 'video.removed', payload: { id: created.id } });
    service.dispose();
  });

  it('records a failed task and notifies', async () => {
    const { service, notes } = makeService();
    const created = await service.create({ model: 'vidmodel-2-0-260128', prompt: 'this should fail' });
    await until(() => service.get(created.id).state === 'failed');
    expect(service.get(created.id).error).toMatch(/fail/);
    expect(notes[0]).toMatch(/^Video failed/);
    service.dispose();
  });

  it('never sends a create twice, even when the network fails', async () => {
    let posts = 0;
    const { service } = makeService({
      fetch: async (u, i) => {
        if (i?.method === 'POST') posts++;
        throw new TypeError('fetch failed');
      },
    });
    await expect(service.create({ model: 'vidmodel-2-0-260128', prompt: 'x' })).rejects.toMatchObject({
      code: 'network',
    });
    expect(posts).toBe(1);
    expect(service.list()).toEqual([]);
    service.dispose();
  });

  it('refuses bad input in main with the field and the rule', async () => {
    const { service } = makeService();
    await expect(service.create({ model: 'vidmodel-2-0-260128', prompt: 'x', duration: 40 })).rejects.toThrow(
      /from 5 to 30/,
    );
    service.dispose();
  });

  it('resumes a task after a restart and finishes it', async () => {
    const first = makeService();
    const created = await first.service.create({ model: 'vidmodel-2-0-260128', prompt: 'restart me' });
    first.service.dispose();
    const second = makeService();
    second.service.start();
    await until(() => second.service.list()[0]?.videoUrl !== undefined);
    expect(second.service.list()[0]).toMatchObject({ id: created.id, state: 'succeeded' });
    second.service.dispose();
  });
});
