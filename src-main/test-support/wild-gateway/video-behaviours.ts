import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';
import { sendJson, type WildRequest, type WildRoute } from './server';
import {
  falResult,
  falResultPath,
  VENDOR_KINDS,
  type VendorKind,
  vendorCreateBody,
  vendorQueryBody,
  vendorTaskId,
} from './video-vendor-bodies';

/**
 * Video tasks the way real providers send them: Seedance on Volcengine Ark upstream, and the
 * resellers and other vendors that pass it through or reshape it. The prompt picks the
 * behaviour by a keyword in square brackets:
 *
 * - `[ark]`       upstream shape: create `{id: "cgt-…"}`, one `running` check, then `succeeded`
 *                 with `content.video_url` (served as binary/octet-stream) and `last_frame_url`.
 * - `[reseller]`  `{code: 0, data: {task_id, status, progress, result_url}}`, statuses
 *                 `submitted` → `processing` → `success`.
 * - `[vendor]`    `{output: {task_id: <number>, task_status}}`, statuses `Queueing` → `succeed`.
 * - `[sensitive]` upstream shape failing with `InputImageSensitiveContentDetected.PrivacyInformation`.
 * - `[refused]`   create answered HTTP 200 `{code: 1001, message}`: nothing was created.
 * - `[cancel]`    stays `queued` until a DELETE on the task path, then reads `cancelled`.
 * - `[junk]`      succeeds, but its file is octet-stream bytes that are no video.
 * - Kling, Runway, Luma, Veo, fal and Sora shapes, and one no vendor documents: video-vendor-bodies.ts.
 */
type Kind = 'ark' | 'reseller' | 'vendor' | 'sensitive' | 'cancel' | 'junk' | VendorKind;

interface WildTask {
  kind: Kind;
  id: string;
  checks: number;
  cancelled: boolean;
  createdAt: number;
}

const KINDS: Kind[] = ['ark', 'reseller', 'vendor', 'sensitive', 'cancel', 'junk', ...VENDOR_KINDS];
const isVendor = (k: Kind): k is VendorKind => (VENDOR_KINDS as readonly string[]).includes(k);
export const SAFETY_CODE = 'InputImageSensitiveContentDetected.PrivacyInformation';
export const SAFETY_MESSAGE = 'The request failed because the input image may contain real person.';
export const REFUSED_MESSAGE = 'insufficient account balance';

function findClip(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'resources', 'sandbox', 'sample-clip.mp4');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error('resources/sandbox/sample-clip.mp4 not found');
}

const seconds = (ms: number) => Math.floor(ms / 1000);
/** Routes that hold a result only the key may read (OpenAI's video content, fal's queue result). */
const keyless = (req: WildRequest, res: ServerResponse) => {
  if (req.headers.authorization) return false;
  sendJson(res, { error: { message: 'Missing API key', type: 'invalid_request_error' } }, 401);
  return true;
};
const originOf = (req: WildRequest) => `http://${req.headers.host ?? '127.0.0.1'}`;

/** Upstream's task body (also the base of the failing and cancellable ones). */
function arkBody(t: WildTask, status: string, extra: Record<string, unknown> = {}) {
  return {
    id: t.id,
    model: 'doubao-seedance-1-0-pro-250528',
    status,
    content: undefined as unknown,
    error: null as unknown,
    usage: { completion_tokens: 108900, total_tokens: 108900 },
    seed: 10,
    resolution: '720p',
    ratio: '16:9',
    duration: 5,
    framespersecond: 24,
    created_at: seconds(t.createdAt),
    updated_at: seconds(Date.now()),
    ...extra,
  };
}

function queryBody(t: WildTask, origin: string): unknown {
  // Ids with slashes (Veo's operations) are served under a name without them.
  const clip = `${origin}/files/${encodeURIComponent(t.id.replace(/\//g, '_'))}.mp4`;
  if (isVendor(t.kind)) return vendorQueryBody(t.kind, t.id, t.checks, clip);
  switch (t.kind) {
    case 'ark':
      return t.checks < 2
        ? arkBody(t, 'running')
        : arkBody(t, 'succeeded', {
            content: { video_url: clip, last_frame_url: `${origin}/files/${t.id}-last.png` },
          });
    case 'junk':
      return arkBody(t, 'succeeded', { content: { video_url: `${origin}/files/junk.bin` } });
    case 'sensitive':
      return arkBody(t, 'failed', { error: { code: SAFETY_CODE, message: SAFETY_MESSAGE } });
    case 'cancel':
      return arkBody(t, t.cancelled ? 'cancelled' : 'queued');
    case 'reseller':
      return {
        code: 0,
        message: 'success',
        data:
          t.checks < 2
            ? { task_id: t.id, status: 'processing', progress: 40, fail_reason: '', result_url: '' }
            : { task_id: t.id, status: 'success', progress: 100, fail_reason: '', result_url: clip },
      };
    case 'vendor':
      return {
        request_id: `req-${t.checks}`,
        output:
          t.checks < 2
            ? { task_id: Number(t.id), task_status: 'Queueing' }
            : { task_id: Number(t.id), task_status: 'succeed', video_url: clip },
      };
  }
}

function createBody(t: WildTask): unknown {
  if (isVendor(t.kind)) return vendorCreateBody(t.kind, t.id, t.createdAt);
  if (t.kind === 'reseller')
    return { code: 0, message: 'success', data: { task_id: t.id, status: 'submitted' } };
  if (t.kind === 'vendor')
    return { request_id: 'req-0', output: { task_id: Number(t.id), task_status: 'Queueing' } };
  return { id: t.id };
}

/** The video routes; each call keeps its own tasks, so gateways started in parallel do not share them. */
export function videoBehaviours(): WildRoute[] {
  const tasks = new Map<string, WildTask>();
  let serial = 0;
  const clip = () => readFileSync(findClip());
  return [
    {
      method: 'POST',
      path: '/v1/video/generations',
      handle: (req, res) => {
        if (req.text.includes('[refused]')) return sendJson(res, { code: 1001, message: REFUSED_MESSAGE });
        const kind = KINDS.find((k) => req.text.includes(`[${k}]`)) ?? 'ark';
        serial += 1;
        const id = isVendor(kind)
          ? vendorTaskId(kind, serial)
          : kind === 'vendor'
            ? String(880_000 + serial)
            : `cgt-20261123${String(serial).padStart(6, '0')}`;
        const t: WildTask = { kind, id, checks: 0, cancelled: false, createdAt: Date.now() };
        tasks.set(id, t);
        sendJson(res, createBody(t));
      },
    },
    {
      method: 'GET',
      path: /\/v1\/video\/generations\/(?<id>[^/]+)/,
      handle: (req, res, { id }) => {
        const t = tasks.get(decodeURIComponent(id));
        if (!t) return sendJson(res, { error: { code: 'ResourceNotFound', message: 'task not found' } }, 404);
        t.checks += 1;
        sendJson(res, queryBody(t, originOf(req)));
      },
    },
    {
      method: 'DELETE',
      path: /\/v1\/video\/generations\/(?<id>[^/]+)/,
      handle: (_req, res, { id }) => {
        const t = tasks.get(decodeURIComponent(id));
        if (!t) return sendJson(res, { error: { code: 'ResourceNotFound', message: 'task not found' } }, 404);
        // Upstream cancels only a queued task; anything else is refused with its reason.
        if (t.kind !== 'cancel' || t.cancelled)
          return sendJson(
            res,
            {
              error: { code: 'InvalidAction.TaskNotQueued', message: 'only a queued task can be cancelled' },
            },
            400,
          );
        t.cancelled = true;
        sendJson(res, {});
      },
    },
    {
      method: 'GET',
      path: /\/v1\/videos\/(?<id>[^/]+)\/content/,
      handle: (req, res, { id }) => {
        if (keyless(req, res)) return;
        if (tasks.get(decodeURIComponent(id))?.kind !== 'sora')
          return sendJson(res, { error: { message: 'No such video' } }, 404);
        res.writeHead(200, { 'Content-Type': 'video/mp4' }).end(clip());
      },
    },
    {
      method: 'GET',
      path: /\/fal-ai\/veo3\/requests\/(?<id>[^/]+)/,
      handle: (req, res, { id }) => {
        if (keyless(req, res)) return;
        const t = tasks.get(decodeURIComponent(id));
        if (t?.kind !== 'fal-queue' || falResultPath(t.id) !== req.path)
          return sendJson(res, { detail: 'Request not found' }, 404);
        sendJson(res, falResult(`${originOf(req)}/files/${encodeURIComponent(t.id)}.mp4`));
      },
    },
    {
      method: 'GET',
      path: /\/files\/(?<name>[^/]+)/,
      handle: (_req, res, { name }) => {
        if (name === 'junk.bin') {
          res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end('{"msg":"link expired"}');
        } else if (name.endsWith('.png')) {
          res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(8));
        } else {
          res.writeHead(200, { 'Content-Type': 'binary/octet-stream' }).end(clip());
        }
      },
    },
  ];
}
