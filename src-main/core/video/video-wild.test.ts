import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWildGateway, type WildGateway } from '../../test-support/wild-gateway/server';
import {
  REFUSED_MESSAGE,
  SAFETY_CODE,
  SAFETY_MESSAGE,
  videoBehaviours,
} from '../../test-support/wild-gateway/video-behaviours';
import {
  RUNWAY_FAILURE,
  RUNWAY_FAILURE_CODE,
  VEO_ERROR,
} from '../../test-support/wild-gateway/video-vendor-bodies';
import { GatewayClient } from '../gateway/gateway-client';
import { RequestLog } from '../gateway/request-log';
import { MediaLibrary } from '../media/media-library';
import { openMemoryDatabase } from '../db/open-database';
import { videoTaskRepository } from '../db/record-repositories';
import { StorageNotices } from '../storage/storage-notices';
import { VideoService } from './video-service';
import type { VideoTask } from '../../../src-shared/video/video-task';

// The app against gateways that answer the way real providers do (see video-behaviours.ts).
let dir: string;
let db: DatabaseSync;
let gw: WildGateway;

function makeService() {
  const tasks = videoTaskRepository({ db, notices: new StorageNotices() });
  const service = new VideoService({
    client: new GatewayClient({ fetch: (u, i) => fetch(u, i), log: new RequestLog(), sleep: async () => {} }),
    profiles: {
      activeId: () => 'wild',
      target: async () => ({ host: gw.origin, judgeSegment: 'partner', apiKey: 'sk-wild' }),
    },
    tasks,
    media: new MediaLibrary(dir),
    desktop: { saveFileAs: async () => null, saveTextAs: async () => null, notify: () => undefined },
    mediaUrl: (rel) => `media://${rel}`,
    emit: () => undefined,
    backoff: { firstDelayMs: 10, factor: 1, maxDelayMs: 20, jitter: 0 },
    downloadRetryDelaysMs: [],
  });
  return { service, tasks };
}

async function until(pred: () => boolean, ms = 4000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const form = (prompt: string) => ({ model: 'doubao-seedance-1-0-pro-250528', prompt });

async function runToEnd(prompt: string): Promise<VideoTask> {
  const { service, tasks } = makeService();
  const created = await service.create(form(prompt));
  await until(() => {
    const t = tasks.get(created.id);
    return (
      !!t && t.finishedAt !== undefined && (t.state !== 'succeeded' || !!t.localFile || !!t.downloadError)
    );
  });
  service.dispose();
  return tasks.get(created.id)!;
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gh-video-wild-'));
  db = openMemoryDatabase();
  gw = await startWildGateway(videoBehaviours());
});
afterEach(async () => {
  await gw.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('video tasks against real-shaped gateways', () => {
  it('upstream Ark: cgt- id, succeeded, last frame kept, binary/octet-stream MP4 downloaded', async () => {
    const task = await runToEnd('[ark] a kite');
    expect(task.taskId).toMatch(/^cgt-/);
    expect(task.state).toBe('succeeded');
    expect(task.lastFrameUrl).toMatch(/-last\.png$/);
    expect(task.remoteUpdatedAt).toBeGreaterThan(0);
    expect(task.localFile).toBe(`videos/${task.id}.mp4`);
    const bytes = readFileSync(join(dir, 'media', task.localFile!));
    expect(bytes.subarray(4, 8).toString()).toBe('ftyp');
    // The last frame is kept locally: the window may only load local files.
    expect(task.posterFile).toBe(`videos/${task.id}-last-frame`);
    expect(existsSync(join(dir, 'media', task.posterFile!))).toBe(true);
  });

  it('reseller {code: 0, data: {task_id, status, result_url}} succeeds with its progress on the way', async () => {
    const { service, tasks } = makeService();
    const created = await service.create(form('[reseller] a kite'));
    expect(created.taskId).toMatch(/^cgt-/);
    expect(created.state).toBe('queued');
    await until(() => tasks.get(created.id)?.progress === 40);
    await until(() => !!tasks.get(created.id)?.localFile);
    service.dispose();
    expect(tasks.get(created.id)?.state).toBe('succeeded');
  });

  it('output-wrapped vendor: a numeric id kept as a string, `succeed` understood', async () => {
    const task = await runToEnd('[vendor] a kite');
    expect(task.taskId).toMatch(/^\d+$/);
    expect(task.state).toBe('succeeded');
    expect(existsSync(join(dir, 'media', task.localFile!))).toBe(true);
    const polled = gw.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/video'));
    expect(polled[0].path).toBe(`/v1/video/generations/${task.taskId}`);
  });

  it('a content-safety failure keeps the code and the gateway’s message', async () => {
    const task = await runToEnd('[sensitive] a portrait');
    expect(task.state).toBe('failed');
    expect(task.errorCode).toBe(SAFETY_CODE);
    expect(task.error).toBe(SAFETY_MESSAGE);
  });

  it('a create answered 200 {code: 1001, message} is an error with the gateway’s words, and no task', async () => {
    const { service, tasks } = makeService();
    await expect(service.create(form('[refused] a kite'))).rejects.toThrow(REFUSED_MESSAGE);
    service.dispose();
    expect(tasks.list()).toEqual([]);
  });

  it('a file of octet-stream bytes that are no video is refused, with until when the link is valid', async () => {
    const task = await runToEnd('[junk] a kite');
    expect(task.state).toBe('succeeded');
    expect(task.localFile).toBeUndefined();
    expect(task.downloadError).toMatch(/not an MP4, WebM or MOV video/);
  });

  it('a queued task is cancelled with DELETE on its path and ends cancelled', async () => {
    const { service, tasks } = makeService();
    const created = await service.create(form('[cancel] a kite'));
    await until(() => (tasks.get(created.id)?.pollAttempt ?? 0) >= 1);
    const out = await service.cancel(created.id);
    expect(out.state).toBe('cancelled');
    expect(out.terminal).toBe(true);
    const del = gw.requests.find((r) => r.method === 'DELETE');
    expect(del?.path).toBe(`/v1/video/generations/${created.taskId}`);
    // A second cancel is not sent: the task has ended.
    await service.cancel(created.id);
    service.dispose();
    expect(gw.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('a gateway that refuses the cancel is shown with its words, and the task goes on', async () => {
    const { service, tasks } = makeService();
    const created = await service.create(form('[ark] a kite'));
    await expect(service.cancel(created.id)).rejects.toThrow(/only a queued task can be cancelled/);
    await until(() => tasks.get(created.id)?.state === 'succeeded');
    service.dispose();
  });
});

describe('video tasks against other vendors’ task shapes, over loopback', () => {
  const downloaded = (task: VideoTask) => {
    expect(task.state).toBe('succeeded');
    expect(task.missing).toBeUndefined();
    const bytes = readFileSync(join(dir, 'media', task.localFile!));
    expect(bytes.subarray(4, 8).toString()).toBe('ftyp');
  };

  it('Kling: data.task_result.videos[].url is found and downloaded', async () => {
    const task = await runToEnd('[kling] a kite');
    expect(task.taskId).toMatch(/^CjhH/);
    expect(task.rawStatus).toBe('succeed');
    downloaded(task);
  });

  it('Runway: output[0] downloaded; a failure shows its reason and code', async () => {
    downloaded(await runToEnd('[runway] a kite'));
    const failed = await runToEnd('[runway-failed] a kite');
    expect(failed).toMatchObject({ state: 'failed', error: RUNWAY_FAILURE, errorCode: RUNWAY_FAILURE_CODE });
  });

  it('Luma: dreaming reads as running, then assets.video is downloaded', async () => {
    const { service, tasks } = makeService();
    const created = await service.create(form('[luma] a kite'));
    await until(() => tasks.get(created.id)?.rawStatus === 'dreaming');
    expect(tasks.get(created.id)?.state).toBe('running');
    await until(() => !!tasks.get(created.id)?.localFile);
    service.dispose();
    downloaded(tasks.get(created.id)!);
  });

  it('Google Veo: an operation polled by its name until done, then its sample’s uri; or its error', async () => {
    const task = await runToEnd('[veo] a kite');
    expect(task.taskId).toMatch(/^models\/veo-3\.0-generate-001\/operations\//);
    const polled = gw.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/video'));
    expect(polled[0].path).toBe(`/v1/video/generations/${encodeURIComponent(task.taskId)}`);
    downloaded(task);
    const failed = await runToEnd('[veo-failed] a kite');
    expect(failed).toMatchObject({ state: 'failed', error: VEO_ERROR, errorCode: '3' });
  });

  it('fal: queued with its place in the queue, then the result {video: {url}} is downloaded', async () => {
    const { service, tasks } = makeService();
    const created = await service.create(form('[fal] a kite'));
    expect(created).toMatchObject({ state: 'queued', queuePosition: 3 });
    await until(() => !!tasks.get(created.id)?.localFile);
    service.dispose();
    const task = tasks.get(created.id)!;
    expect(task.queuePosition).toBeUndefined();
    downloaded(task);
  });

  it('fal queue: COMPLETED holds no video; its response_url, read with the key, does', async () => {
    const task = await runToEnd('[fal-queue] a kite');
    downloaded(task);
    const result = gw.requests.find((r) => r.path.startsWith('/fal-ai/veo3/requests/'));
    expect(result?.headers.authorization).toBe('Bearer sk-wild');
    expect(JSON.parse(task.lastBody!)).toMatchObject({ video: { file_name: 'output.mp4' } });
  });

  it('OpenAI Sora: done without an address, the video is read from videos/{id}/content with the key', async () => {
    const task = await runToEnd('[sora] a kite');
    downloaded(task);
    expect(task.remoteUrl).toBeUndefined();
    expect(task.contentPath).toBe(`videos/${task.taskId}/content`);
    expect(JSON.parse(task.lastBody!)).toMatchObject({ object: 'video', status: 'completed' });
    const content = gw.requests.find((r) => r.path.endsWith('/content'));
    expect(content).toMatchObject({ path: `/v1/videos/${task.taskId}/content` });
    expect(content?.headers.authorization).toBe('Bearer sk-wild');
  });

  it('an unknown shape keeps polling, keeps the raw reply and says which field was missing', async () => {
    const { service, tasks } = makeService();
    const created = await service.create(form('[mystery] a kite'));
    await until(() => (tasks.get(created.id)?.pollAttempt ?? 0) >= 3);
    service.dispose();
    const task = tasks.get(created.id)!;
    expect(task.state).toBe('unknown');
    expect(task.finishedAt).toBeUndefined();
    expect(task.missing).toEqual({ field: 'status', lookedFor: ['status', 'state', 'task_status', 'done'] });
    expect(JSON.parse(task.lastBody!)).toMatchObject({ job: { phase: 'rendering' } });
  });
});
