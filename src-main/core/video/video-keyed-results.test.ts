import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../gateway/gateway-client';
import type { GatewayTarget } from '../gateway/gateway-urls';
import { loopbackServer } from '../gateway/loopback-server.test-helper';
import { RequestLog } from '../gateway/request-log';
import { MediaLibrary } from '../media/media-library';
import { openMemoryDatabase } from '../db/open-database';
import { videoTaskRepository } from '../db/record-repositories';
import { StorageNotices } from '../storage/storage-notices';
import { VideoService } from './video-service';
import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import type { VideoTask } from '../../../src-shared/video/video-task';

/*
 * Finished videos whose result needs the key (docs/architecture.md, "Video tasks"): OpenAI's
 * `videos/{id}/content`, a Veo file `uri` on the gateway, fal's `response_url`. Two loopback
 * servers play the gateway and a foreign origin (a CDN, fal's own queue host) and record the
 * headers each request carried: the key and the profile's headers reach the gateway's origin,
 * never the other one. The replies are modelled on each vendor's documented ones.
 */

const KEY = 'sk-gw-key-0123456789';
// An MP4's first box: size, then `ftyp` at offset 4.
const clip = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2000, 7)]);

interface Seen {
  method: string;
  path: string;
  authorization?: string;
  googKey?: string;
  team?: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, path: string) => void;
type Peer = { host: string; seen: Seen[]; close(): Promise<void> };

const peers: Peer[] = [];
async function peer(handle: Handler): Promise<Peer> {
  const seen: Seen[] = [];
  const s = await loopbackServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({
      method: req.method ?? 'GET',
      path,
      authorization: req.headers.authorization,
      googKey: req.headers['x-goog-api-key'] as string | undefined,
      team: req.headers['x-team'] as string | undefined,
    });
    handle(req, res, path);
  });
  const p = { ...s, seen };
  peers.push(p);
  return p;
}

const json = (res: ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};
const video = (res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(clip.length) });
  res.end(clip);
};
/** The gateway's own check: its key in the scheme the profile uses, else 401. */
const keyed = (
  req: IncomingMessage,
  res: ServerResponse,
  header = 'authorization',
  value = `Bearer ${KEY}`,
) => {
  if (req.headers[header] === value) return true;
  json(res, { error: { message: 'Missing or invalid API key', type: 'invalid_request_error' } }, 401);
  return false;
};

let dir: string;
let db: DatabaseSync;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gh-video-keyed-'));
  db = openMemoryDatabase();
});
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function makeService(target: GatewayTarget) {
  const tasks = videoTaskRepository({ db, notices: new StorageNotices() });
  const service = new VideoService({
    client: new GatewayClient({ fetch: (u, i) => fetch(u, i), log: new RequestLog(), sleep: async () => {} }),
    profiles: { activeId: () => 'gw', target: async () => target },
    tasks,
    media: new MediaLibrary(dir),
    desktop: { saveFileAs: async () => null, saveTextAs: async () => null, notify: () => undefined },
    mediaUrl: (rel) => `media://${rel}`,
    emit: () => undefined,
    backoff: { firstDelayMs: 5, factor: 1, maxDelayMs: 5, jitter: 0 },
    downloadRetryDelaysMs: [],
  });
  return { service, tasks };
}

/** A profile on the gateway: its base URL, key and one extra header of its own. */
const profile = (gw: Peer, extra: Partial<GatewayTarget> = {}): GatewayTarget => ({
  host: gw.host,
  judgeSegment: 'partner',
  baseUrl: `${gw.host}/v1`,
  apiKey: KEY,
  headers: { 'X-Team': 'blue' },
  ...extra,
});

async function until(pred: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Creates a task and waits until it ended and its download (if any) ended too. */
async function runToEnd(target: GatewayTarget): Promise<VideoTask> {
  const { service, tasks } = makeService(target);
  const created = await service.create({ model: 'm', prompt: 'a kite over the sea' });
  await until(() => {
    const t = tasks.get(created.id);
    return !!t?.finishedAt && (t.state !== 'succeeded' || !!t.localFile || !!t.downloadError);
  });
  service.dispose();
  return tasks.get(created.id)!;
}

const downloaded = (task: VideoTask) => {
  expect(task.downloadError).toBeUndefined();
  expect(task.state).toBe('succeeded');
  expect(readFileSync(join(dir, 'media', task.localFile!)).equals(clip)).toBe(true);
};
const keyless = (seen: Seen[]) =>
  seen.map(({ authorization, googKey, team }) => ({ authorization, googKey, team }));

describe('OpenAI videos API: the finished video is read from videos/{id}/content with the key', () => {
  const id = 'video_68d7512d07848190b3e45da0ecbebcde';
  /** The video object as the videos API documents it: queued, then completed with no address. */
  const soraGateway = (content: Handler) =>
    peer((req, res, path) => {
      const now = 1_758_941_485;
      if (req.method === 'POST')
        return json(res, {
          id,
          object: 'video',
          created_at: now,
          status: 'queued',
          model: 'sora-2',
          progress: 0,
          seconds: '8',
          size: '1280x720',
        });
      if (path.startsWith(`/v1/video/generations/${id}`))
        return json(res, {
          id,
          object: 'video',
          created_at: now,
          completed_at: now + 90,
          expires_at: now + 3690,
          status: 'completed',
          model: 'sora-2',
          progress: 100,
          seconds: '8',
          size: '1280x720',
        });
      if (path.startsWith(`/v1/videos/${id}/content`)) return content(req, res, path);
      json(res, { error: { message: 'not found' } }, 404);
    });

  it('downloads it from the gateway with the profile’s key, headers and query', async () => {
    const gw = await soraGateway((req, res) => {
      if (keyed(req, res)) video(res);
    });
    const task = await runToEnd(profile(gw, { query: [{ name: 'api-version', value: 'preview' }] }));
    downloaded(task);
    expect(task.remoteUrl).toBeUndefined();
    expect(task.contentPath).toBe(`videos/${id}/content`);
    const content = gw.seen.find((r) => r.path.startsWith(`/v1/videos/${id}/content`));
    expect(content).toMatchObject({
      path: `/v1/videos/${id}/content?api-version=preview`,
      authorization: `Bearer ${KEY}`,
      team: 'blue',
    });
  });

  it('follows the gateway’s redirect to a signed link elsewhere, without the key or the profile’s headers', async () => {
    const cdn = await peer((_req, res) => video(res));
    const gw = await soraGateway((req, res) => {
      if (!keyed(req, res)) return;
      res.writeHead(302, { Location: `${cdn.host}/signed/${id}.mp4?se=2026-01-01&sig=abc` });
      res.end();
    });
    downloaded(await runToEnd(profile(gw)));
    expect(gw.seen.at(-1)).toMatchObject({ authorization: `Bearer ${KEY}`, team: 'blue' });
    expect(cdn.seen.map((r) => r.path)).toEqual([`/signed/${id}.mp4?se=2026-01-01&sig=abc`]);
    expect(keyless(cdn.seen)).toEqual([{ authorization: undefined, googKey: undefined, team: undefined }]);
  });

  it('downloads, on start, a task saved before the app fetched content paths: the stored record arrives intact', async () => {
    const gw = await soraGateway((req, res) => {
      if (keyed(req, res)) video(res);
    });
    const form = { ...defaultVideoForm(), model: 'sora-2', prompt: 'a kite' };
    // Written by the earlier version: finished, with the content path it did not fetch, no file.
    const old: VideoTask = {
      id: 'old-sora-task',
      taskId: id,
      profileId: 'gw',
      form,
      request: buildVideoRequest(form),
      createdAt: 1_000,
      updatedAt: 2_000,
      state: 'succeeded',
      rawStatus: 'completed',
      contentPath: `videos/${id}/content`,
      progress: 100,
      lastBody: JSON.stringify({ id, object: 'video', status: 'completed' }),
      lastCheckedAt: 2_000,
      seenAt: 2_000,
      pollAttempt: 3,
      finishedAt: 2_000,
    };
    db.prepare(
      'INSERT INTO video_tasks (id, task_id, state, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(old.id, old.taskId, old.state, old.createdAt, old.updatedAt, JSON.stringify(old));
    const { service, tasks } = makeService(profile(gw));
    expect(tasks.get(old.id)).toEqual(old);
    expect(service.list()[0]).toMatchObject({ id: old.id, downloading: true });
    await until(() => !!tasks.get(old.id)?.localFile);
    service.dispose();
    const now = tasks.get(old.id)!;
    downloaded(now);
    expect({ ...now, localFile: undefined, posterFile: undefined, updatedAt: old.updatedAt }).toEqual(old);
    expect(gw.seen.map((r) => r.method + ' ' + r.path)).toEqual([`GET /v1/videos/${id}/content`]);
  });
});

describe('Google Veo: the operation’s video uri', () => {
  const op = 'models/veo-3.0-generate-001/operations/8jy2hs0bfqnz';
  const veoGateway = (uri: (gw: string) => string, file: Handler = () => undefined) =>
    peer((req, res, path) => {
      if (req.method === 'POST') return json(res, { name: op });
      if (path.startsWith('/v1/video/generations/'))
        return json(res, {
          name: op,
          done: true,
          response: {
            '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
            generateVideoResponse: {
              generatedSamples: [{ video: { uri: uri(`http://${req.headers.host}`) } }],
            },
          },
        });
      file(req, res, path);
    });
  const googleAuth = { auth: { scheme: 'header', header: 'x-goog-api-key' } } as const;

  it('on the gateway’s own origin, is fetched with the key in the profile’s scheme (x-goog-api-key)', async () => {
    const gw = await veoGateway(
      (origin) => `${origin}/v1beta/files/3jz8w1ym0b2c:download?alt=media`,
      (req, res) => {
        if (keyed(req, res, 'x-goog-api-key', KEY)) video(res);
      },
    );
    downloaded(await runToEnd(profile(gw, googleAuth)));
    const file = gw.seen.find((r) => r.path.startsWith('/v1beta/files/'));
    expect(file).toEqual({
      method: 'GET',
      path: '/v1beta/files/3jz8w1ym0b2c:download?alt=media',
      authorization: undefined,
      googKey: KEY,
      team: 'blue',
    });
  });

  it('on another origin, is fetched with neither the key nor the profile’s headers', async () => {
    const cdn = await peer((_req, res) => video(res));
    const gw = await veoGateway(() => `${cdn.host}/v1beta/files/3jz8w1ym0b2c:download?alt=media`);
    downloaded(await runToEnd(profile(gw, googleAuth)));
    expect(gw.seen.every((r) => r.googKey === KEY)).toBe(true);
    expect(keyless(cdn.seen)).toEqual([{ authorization: undefined, googKey: undefined, team: undefined }]);
  });
});

describe('fal queue: a COMPLETED status holds no video; its response_url does', () => {
  const requestId = '764cabcf-b745-4b3e-ae38-1200304cf45b';
  /**
   * fal's documented replies: submit `IN_QUEUE` with the request's URLs, status `IN_PROGRESS`
   * then `COMPLETED` (logs, metrics, the same URLs), and the result, the model's output, at
   * `response_url`.
   */
  const falGateway = (responseUrl: (gw: string) => string, result: Handler = () => undefined) => {
    let checks = 0;
    return peer((req, res, path) => {
      const urls = (origin: string) => ({
        response_url: responseUrl(origin),
        status_url: `${origin}/fal-ai/veo3/requests/${requestId}/status`,
        cancel_url: `${origin}/fal-ai/veo3/requests/${requestId}/cancel`,
      });
      const origin = `http://${req.headers.host}`;
      if (req.method === 'POST')
        return json(res, { status: 'IN_QUEUE', request_id: requestId, ...urls(origin), queue_position: 2 });
      if (path.startsWith('/v1/video/generations/')) {
        checks += 1;
        return checks === 1
          ? json(res, { status: 'IN_PROGRESS', request_id: requestId, ...urls(origin), logs: [] }, 202)
          : json(res, {
              status: 'COMPLETED',
              request_id: requestId,
              ...urls(origin),
              logs: [{ message: 'Generating video', level: 'INFO', timestamp: '2025-09-26T10:00:00Z' }],
              metrics: { inference_time: 41.2 },
            });
      }
      result(req, res, path);
    });
  };
  const output = (url: string) => ({
    video: { url, content_type: 'video/mp4', file_name: 'output.mp4', file_size: clip.length },
    seed: 1_337,
  });

  it('reads the result at a response_url on the gateway with the key, then downloads the video from the CDN without it', async () => {
    const cdn = await peer((_req, res) => video(res));
    const gw = await falGateway(
      (origin) => `${origin}/fal-ai/veo3/requests/${requestId}`,
      (req, res) => {
        if (keyed(req, res)) json(res, output(`${cdn.host}/files/rabbit/output.mp4`));
      },
    );
    const task = await runToEnd(profile(gw));
    downloaded(task);
    expect(task.remoteUrl).toBe(`${cdn.host}/files/rabbit/output.mp4`);
    expect(task.missing).toBeUndefined();
    expect(JSON.parse(task.lastBody!)).toMatchObject({ video: { file_name: 'output.mp4' } });
    const result = gw.seen.find((r) => r.path === `/fal-ai/veo3/requests/${requestId}`);
    expect(result).toMatchObject({ method: 'GET', authorization: `Bearer ${KEY}`, team: 'blue' });
    expect(keyless(cdn.seen)).toEqual([{ authorization: undefined, googKey: undefined, team: undefined }]);
  });

  it('reads a response_url on another origin (fal’s own queue host) without the key', async () => {
    const queue = await peer((req, res, path) =>
      path.startsWith('/files/') ? video(res) : json(res, output(`http://${req.headers.host}/files/out.mp4`)),
    );
    const gw = await falGateway(() => `${queue.host}/fal-ai/veo3/requests/${requestId}`);
    downloaded(await runToEnd(profile(gw)));
    expect(queue.seen.map((r) => r.path)).toEqual([`/fal-ai/veo3/requests/${requestId}`, '/files/out.mp4']);
    expect(keyless(queue.seen).every((h) => !h.authorization && !h.team)).toBe(true);
  });

  it('a model that failed answers its error at response_url: the task fails with its words', async () => {
    const gw = await falGateway(
      (origin) => `${origin}/fal-ai/veo3/requests/${requestId}`,
      (req, res) => {
        if (!keyed(req, res)) return;
        json(
          res,
          {
            detail: [
              {
                loc: ['body', 'prompt'],
                msg: 'The prompt was flagged by the content checker.',
                type: 'content_policy_violation',
              },
            ],
          },
          422,
        );
      },
    );
    const task = await runToEnd(profile(gw));
    expect(task).toMatchObject({ state: 'failed', error: 'The prompt was flagged by the content checker.' });
    expect(task.localFile).toBeUndefined();
  });

  it('a result fal no longer keeps (404) ends the task as expired', async () => {
    const gw = await falGateway(
      (origin) => `${origin}/fal-ai/veo3/requests/${requestId}`,
      (req, res) => {
        if (keyed(req, res)) json(res, { detail: 'Request not found' }, 404);
      },
    );
    const task = await runToEnd(profile(gw));
    expect(task.state).toBe('expired');
    expect(task.error).toMatch(/no longer/);
  });

  it('a result the gateway cannot serve right now (503) is read again at the next check', async () => {
    let tries = 0;
    const cdn = await peer((_req, res) => video(res));
    const gw = await falGateway(
      (origin) => `${origin}/fal-ai/veo3/requests/${requestId}`,
      (req, res) => {
        if (!keyed(req, res)) return;
        tries += 1;
        if (tries === 1) return json(res, { error: { message: 'upstream busy' } }, 503);
        json(res, output(`${cdn.host}/files/output.mp4`));
      },
    );
    downloaded(await runToEnd(profile(gw)));
    expect(tries).toBe(2);
  });
});
