import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultClipPath } from '../../sandbox/routes/video-files';
import { startSandbox, type SandboxServer } from '../../sandbox/server';
import { GatewayClient } from '../gateway/gateway-client';
import { loopbackServer } from '../gateway/loopback-server.test-helper';
import { RequestLog } from '../gateway/request-log';
import { MediaLibrary } from '../media/media-library';
import { openMemoryDatabase } from '../db/open-database';
import { videoTaskRepository } from '../db/record-repositories';
import { StorageNotices } from '../storage/storage-notices';
import { CREATE_MAY_EXIST_MESSAGE, NO_TASK_ID_MESSAGE, VideoService } from './video-service';
import type { VideoEvents } from '../../../src-shared/video/video-events';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import type { VideoTask, VideoTaskView } from '../../../src-shared/video/video-task';

let dir: string;
let db: DatabaseSync;
let sb: SandboxServer;
const fast = { firstDelayMs: 30, factor: 1.2, maxDelayMs: 60, jitter: 0.1 };

function makeService(opts: { fetch?: typeof fetch; timeoutMs?: number } = {}) {
  const events: { name: keyof VideoEvents; payload: unknown }[] = [];
  const notes: string[] = [];
  const log = new RequestLog();
  const tasks = freshStore();
  const service = new VideoService({
    client: new GatewayClient({
      fetch: opts.fetch ?? ((u, i) => fetch(u, i)),
      log,
      timeoutMs: opts.timeoutMs,
      sleep: async () => {},
    }),
    profiles: {
      activeId: () => 'sandbox',
      target: async () => ({ host: sb.origin, judgeSegment: 'partner', apiKey: 'sk-test' }),
    },
    tasks,
    media: new MediaLibrary(dir),
    desktop: {
      saveFileAs: async (src, name) => join('/exports', name) + (src ? '' : ''),
      saveTextAs: async () => null,
      notify: (title, body) => notes.push(`${title}: ${body}`),
    },
    mediaUrl: (rel) => `media://${rel}`,
    emit: (name, payload) => events.push({ name, payload }),
    backoff: fast,
    downloadRetryDelaysMs: [5, 5],
  });
  return { service, events, notes, log, tasks };
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
  db = openMemoryDatabase();
  sb = await startSandbox({ port: 0, videoPaceMs: 60 });
});
afterEach(async () => {
  await sb.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('VideoService', () => {
  it('saves a created task at once, polls it to success and downloads the video', async () => {
    const { service, events, notes } = makeService();
    const created = await service.create({ model: 'vidmodel-2-0-260128', prompt: 'a red kite' });
    expect(created.taskId).toMatch(/^task-/);
    expect(created.state).toBe('queued');
    // Saved before any poll: a fresh repository over the same database sees it.
    const onDisk = freshStore().get(created.id);
    expect(onDisk?.request).toMatchObject({ model: 'vidmodel-2-0-260128', duration: 10, resolution: '720p' });

    await until(() => events.some((e) => (e.payload as VideoTaskView).videoUrl));
    const done = service.list()[0];
    expect(done.state).toBe('succeeded');
    expect(done.localFile).toBe(`videos/${created.id}.mp4`);
    expect(done.videoUrl).toBe(`media://videos/${created.id}.mp4`);
    const bytes = readFileSync(new MediaLibrary(dir).resolve(done.localFile!));
    expect(bytes.equals(readFileSync(defaultClipPath()))).toBe(true);
    expect(notes).toEqual(['Video ready: Your video “a red kite” is ready.']);
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
    expect(notes[0]).toMatch(/^Video failed: Your video “this should fail” failed: The Sandbox was asked/);
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

  it('deletes the file of a task removed while its download was in flight, and does not bring it back', async () => {
    let release!: () => void;
    let asked = false;
    const cdn = await loopbackServer((_req, res) => {
      asked = true;
      res.writeHead(200, { 'Content-Type': 'video/mp4' });
      res.write(Buffer.alloc(1000, 1));
      release = () => res.end(Buffer.alloc(1000, 2));
    });
    const { service, tasks } = makeService();
    tasks.put(succeededTask('gone', `${cdn.host}/v.mp4`));
    const running = service.download('gone');
    await until(() => asked && release !== undefined);
    service.remove('gone');
    release();
    await running;
    expect(tasks.get('gone')).toBeUndefined();
    expect(freshStore().get('gone')).toBeUndefined();
    expect(videoFiles()).toEqual([]);
    service.dispose();
    await cdn.close();
  });

  it('on start, downloads again a succeeded task without a file (even after a failed download), fetching a fresh address after a 404', async () => {
    const first = makeService();
    const created = await first.service.create({ model: 'vidmodel-2-0-260128', prompt: 'fresh link' });
    await until(() => first.service.list()[0]?.videoUrl !== undefined);
    first.service.dispose();
    const realUrl = first.tasks.get(created.id)!.remoteUrl!;
    // As if the earlier download had failed and its signed link had since expired.
    new MediaLibrary(dir).remove(`videos/${created.id}.mp4`);
    first.tasks.put({
      ...first.tasks.get(created.id)!,
      localFile: undefined,
      downloadError: 'The connection was cut.',
      remoteUrl: `${sb.origin}/v1/files/videos/task-expired-link.mp4`,
    });

    const second = makeService();
    expect(second.service.list()[0]).toMatchObject({ downloading: true });
    await until(() => second.service.list()[0]?.videoUrl !== undefined);
    const done = second.service.list()[0];
    expect(done).toMatchObject({ downloading: false, remoteUrl: realUrl });
    expect(done.downloadError).toBeUndefined();
    expect(second.events.some((e) => (e.payload as VideoTaskView).downloading === true)).toBe(true);
    expect((second.events.at(-1)?.payload as VideoTaskView).downloading).toBe(false);
    second.service.dispose();
  });

  it('retries a failing download a bounded number of times, then records the error', async () => {
    const cdn = await loopbackServer((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('busy');
    });
    const { service, tasks } = makeService();
    tasks.put(succeededTask('busy', `${cdn.host}/v.mp4`));
    const view = await service.download('busy');
    expect(cdn.requests()).toBe(3); // 1 + the 2 delays; GatewayClient adds no retries of its own
    expect(view).toMatchObject({ downloading: false, downloadError: expect.stringMatching(/HTTP 503/) });
    expect(view.videoUrl).toBeUndefined();
    expect(videoFiles()).toEqual([]);
    service.dispose();
    await cdn.close();
  });

  it('keeps a record with the raw reply when the create reply has no task id', async () => {
    let gets = 0;
    const { service } = makeService({
      fetch: async (_u, i) => {
        if (i?.method !== 'POST') gets++;
        return new Response('{"status":"accepted","note":"no id here"}', {
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    const view = await service.create({ model: 'vidmodel-2-0-260128', prompt: 'x' });
    expect(view).toMatchObject({ state: 'failed', error: NO_TASK_ID_MESSAGE, terminal: true });
    expect(view.lastBody).toContain('no id here');
    expect(freshStore().list()).toHaveLength(1);
    expect(service.poller.isTracking(view.id)).toBe(false);
    expect(gets).toBe(0);
    service.dispose();
  });

  it('says a timed-out create may already exist on the gateway, and sends it once', async () => {
    let posts = 0;
    const { service } = makeService({
      timeoutMs: 50,
      fetch: (_u, i) => {
        posts++;
        return new Promise((_r, reject) =>
          i?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      },
    });
    const err = await service.create({ model: 'vidmodel-2-0-260128', prompt: 'x' }).catch((e) => e);
    expect(err.error).toMatchObject({
      code: 'timeout',
      message: CREATE_MAY_EXIST_MESSAGE,
      details: { createMayExist: true },
    });
    expect(posts).toBe(1);
    service.dispose();
  });

  it('sends the window placeholders for picked images, keeping the full request on disk', async () => {
    const { service, events } = makeService({
      fetch: async () =>
        new Response('{"id":"t-1","status":"queued"}', { headers: { 'Content-Type': 'application/json' } }),
    });
    const dataUrl = `data:image/png;base64,${'A'.repeat(5000)}`;
    const view = await service.create({
      model: 'vidmodel-2-0-260128',
      prompt: 'x',
      images: [{ url: dataUrl, name: 'cat.png' }],
    });
    const payload = JSON.stringify([view, service.list(), events.map((e) => e.payload)]);
    expect(payload).not.toContain('AAAAAAAAAA');
    expect(view.form.images[0]).toEqual({
      name: 'cat.png',
      url: expect.stringMatching(/image\/png.*5022 characters/),
    });
    expect(freshStore().get(view.id)?.form.images[0].url).toBe(dataUrl);
    expect(service.form(view.id).images[0].url).toBe(dataUrl);
    service.dispose();
  });

  it('is final after dispose: a later list() does not restart polling', async () => {
    const first = makeService();
    const created = await first.service.create({ model: 'vidmodel-2-0-260128', prompt: 'x' });
    first.service.dispose();
    first.service.list();
    expect(first.service.poller.isTracking(created.id)).toBe(false);
  });
});

function freshStore() {
  return videoTaskRepository({ db, notices: new StorageNotices() });
}

function videoFiles(): string[] {
  const d = join(dir, 'media', 'videos');
  return existsSync(d) ? readdirSync(d) : [];
}

function succeededTask(id: string, remoteUrl: string): VideoTask {
  const form = { ...defaultVideoForm(), prompt: 'p' };
  return {
    id,
    taskId: `remote-${id}`,
    profileId: 'sandbox',
    form,
    request: buildVideoRequest(form),
    createdAt: Date.now(),
    updatedAt: Date.now(),
    state: 'succeeded',
    remoteUrl,
    finishedAt: Date.now(),
  };
}
