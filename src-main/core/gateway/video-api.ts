import { syncDirectory, tempNameFor } from '../storage/atomic-file';
import { mkdir, open as open_, rename, rm, writeFile } from 'node:fs/promises';
import { AppFailure } from '../../../src-shared/result';
import { diskFullError, isDiskFull, writingToAsync } from '../storage/disk-full';
import { dirname } from 'node:path';
import type { CallOptions, GatewayClient } from './gateway-client';
import { REPLY_CAPS } from './reply-caps';
import { errorEnvelope } from './error-envelope';
import { GatewayError } from './gateway-error';
import { apiUrl, type GatewayTarget, targetFor } from './gateway-urls';
import type { VideoRequestBody } from '../../../src-shared/video/video-request';
import { findVideoUrl, parseTaskBody, type ParsedTaskBody } from '../../../src-shared/video/video-status';
import { VIDEO_URL_PLACES } from '../../../src-shared/video/video-url-places';

export interface VideoTaskReply {
  body: unknown;
  raw: string;
  parsed: ParsedTaskBody;
}

/**
 * POST {base_url}/video/generations. Sent once: the client never repeats a POST, because a
 * second create would start (and bill) a second video. A reply without a task id is returned
 * as is (taskId undefined): the caller keeps its raw body so the user can see what came back.
 */
export async function createVideoTask(
  client: GatewayClient,
  target: GatewayTarget,
  request: VideoRequestBody,
  opts: CallOptions = {},
): Promise<VideoTaskReply & { taskId?: string }> {
  const { body, raw } = await client.json(
    target,
    { method: 'POST', url: apiUrl(target, 'video/generations'), json: request },
    { maxBytes: REPLY_CAPS.videoTask, ...opts },
  );
  const parsed = parseTaskBody(body);
  refuseEnvelope(body, raw, parsed, !parsed.taskId);
  return { body, raw, parsed, taskId: parsed.taskId };
}

/**
 * Resellers answer a refusal with HTTP 200 and `{code: 1001, message}`. A task body that says
 * `status: failed` with an `error` object is a task that failed, not a refused call, so the
 * envelope counts only when the body is not a task (no id on create, no status on a query).
 */
function refuseEnvelope(body: unknown, raw: string, parsed: ParsedTaskBody, notATask: boolean): void {
  const env = notATask ? errorEnvelope(body) : undefined;
  if (!env) return;
  const code = env.code ? ` (code ${env.code})` : '';
  throw new GatewayError(
    'bad_request',
    `The gateway refused the request: ${env.message}${code}`,
    200,
    env.message || raw.slice(0, 300),
  );
}

/**
 * GET {base_url}/video/generations/{task_id}; idempotent, so the client may retry it. A fal
 * COMPLETED status is followed by a read of its result (readQueueResult), so the reply returned
 * carries the video's address like every other vendor's.
 */
export async function getVideoTask(
  client: GatewayClient,
  target: GatewayTarget,
  taskId: string,
  opts: CallOptions = {},
): Promise<VideoTaskReply> {
  const { body, raw } = await client.json(
    target,
    { method: 'GET', url: apiUrl(target, `video/generations/${encodeURIComponent(taskId)}`) },
    { maxBytes: REPLY_CAPS.videoTask, ...opts },
  );
  const parsed = parseTaskBody(body);
  // A reply read as a task without a word (Veo's operation by its `done`, fal's bare result) is not an envelope.
  refuseEnvelope(body, raw, parsed, !parsed.status && parsed.state === 'unknown');
  if (parsed.resultUrl) return readQueueResult(client, target, parsed, parsed.resultUrl, opts);
  return { body, raw, parsed };
}

/**
 * fal's request errors (`{detail, error_type}`) that end a request for good: the queue has
 * already retried the runner. Other 5xx, a gateway's own included, may pass.
 */
const FAL_REQUEST_FAILURES = new Set([
  'request_timeout',
  'startup_timeout',
  'runner_scheduling_failure',
  'runner_connection_timeout',
  'runner_disconnected',
  'runner_connection_refused',
  'runner_connection_error',
  'runner_incomplete_response',
  'runner_server_error',
]);

/**
 * fal's queue keeps a finished request's output at `response_url` (a GET, authorised like the
 * status call): the model's own reply, `{video: {url}}` for a video model, or the model's error
 * with its status. On the gateway's origin it is read with the profile's key; on any other
 * (fal's own queue host) without it (targetFor). What the result says replaces the status:
 *
 * - 2xx: the video's address, from the same places as any reply (`video.url`);
 * - the model's refusal (a 4xx), or fal's request error (a 5xx naming one of
 *   FAL_REQUEST_FAILURES): the task failed, in their words;
 * - 404 or 410: fal no longer keeps it (an hour, minutes for large results): expired;
 * - anything else (401, 403, 429, another 5xx, the network): thrown as a failed check, without
 *   its status, so the poller tries again at its next check instead of reading a 404 as the
 *   task's record expiring.
 */
async function readQueueResult(
  client: GatewayClient,
  target: GatewayTarget,
  status: ParsedTaskBody,
  resultUrl: string,
  opts: CallOptions,
): Promise<VideoTaskReply> {
  const done: ParsedTaskBody = { ...status, resultUrl: undefined };
  try {
    const url = videoDownloadUrl(resultUrl, target);
    const { body, raw } = await client.json(
      targetFor(target, url),
      { method: 'GET', url },
      { maxBytes: REPLY_CAPS.videoTask, ...opts, resultFile: true },
    );
    const videoUrl = findVideoUrl(body);
    const envelope = videoUrl ? undefined : errorEnvelope(body);
    if (envelope)
      return {
        body,
        raw,
        parsed: {
          ...done,
          state: 'failed',
          error: envelope.message,
          errorCode: envelope.code ?? envelope.type,
        },
      };
    return {
      body,
      raw,
      parsed: videoUrl
        ? { ...done, videoUrl }
        : { ...done, missing: { field: 'videoUrl', lookedFor: [...VIDEO_URL_PLACES] } },
    };
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    const code = err.status ?? 0;
    // Kept for display like the poller keeps an error reply: its status and words.
    const body = { http_status: err.status, message: err.gatewayMessage ?? err.message };
    const raw = JSON.stringify(body);
    if (code === 404 || code === 410)
      return { body, raw, parsed: { ...done, state: 'expired', error: err.message } };
    const refused =
      (code >= 400 && code < 500 && ![401, 403, 408, 429].includes(code)) ||
      (code >= 500 && FAL_REQUEST_FAILURES.has(err.extra.errorType ?? ''));
    if (refused)
      return {
        body,
        raw,
        parsed: {
          ...done,
          state: 'failed',
          error: err.gatewayMessage ?? err.message,
          errorCode: err.extra.errorType,
        },
      };
    throw new GatewayError(
      err.code,
      `The task finished, but its result could not be read: ${err.message}`,
      undefined,
      err.gatewayMessage,
      err.retryAfterMs,
      err.extra,
    );
  }
}

/**
 * DELETE {base_url}/video/generations/{task_id}: upstream cancels a queued task this way. The
 * spec does not list it, so a gateway may refuse (a GatewayError with its words). An empty or
 * non-JSON 2xx body is a yes; a 200 error envelope is a no.
 */
export async function cancelVideoTask(
  client: GatewayClient,
  target: GatewayTarget,
  taskId: string,
): Promise<{ raw: string; parsed: ParsedTaskBody }> {
  const { bytes } = await client.bytes(
    target,
    { method: 'DELETE', url: apiUrl(target, `video/generations/${encodeURIComponent(taskId)}`) },
    { retries: 0 },
  );
  const raw = new TextDecoder().decode(bytes);
  let body: unknown;
  try {
    body = raw.trim() ? JSON.parse(raw) : {};
  } catch {
    body = {};
  }
  const parsed = parseTaskBody(body);
  refuseEnvelope(body, raw, parsed, !parsed.status);
  return { raw, parsed };
}

/**
 * Upstream's last-frame image, small: fetched whole, images only; with the key only on the
 * gateway's own origin (targetFor).
 */
export async function downloadPoster(
  client: GatewayClient,
  target: GatewayTarget,
  url: string,
  destPath: string,
): Promise<void> {
  const absolute = videoDownloadUrl(url, target);
  const { bytes, contentType } = await client.bytes(
    targetFor(target, absolute),
    { method: 'GET', url: absolute, accept: 'image/*' },
    { retries: 0, timeoutMs: 30_000, maxBytes: REPLY_CAPS.poster },
  );
  if (!baseType(contentType).startsWith('image/'))
    throw new GatewayError('bad_response', 'The last frame is not an image.');
  await mkdir(dirname(destPath), { recursive: true, mode: 0o700 });
  await writingToAsync(dirname(destPath), bytes.byteLength, () =>
    writeFile(destPath, bytes, { mode: 0o600 }),
  );
}

/** The most a downloaded video may weigh; anything bigger is refused rather than filling the disk. */
export const MAX_VIDEO_BYTES = 512 * 1024 * 1024;

export interface DownloadOptions extends CallOptions {
  maxBytes?: number;
}

/** Only http(s) result addresses are fetched: a body can name any scheme, and file: or data: is not a download. */
export function videoDownloadUrl(url: string, target: GatewayTarget): string {
  let parsed: URL;
  try {
    parsed = new URL(url, `${target.host.replace(/\/+$/, '')}/`);
  } catch {
    throw new GatewayError(
      'bad_response',
      'The video address the gateway gave is not a valid URL.',
      undefined,
      url,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new GatewayError(
      'bad_response',
      `The video address the gateway gave is not an http(s) address (${parsed.protocol}); it was not fetched.`,
      undefined,
      url.slice(0, 300),
    );
  }
  return parsed.toString();
}

const baseType = (contentType: string | null) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** Types vendors serve videos as without saying which video: their first bytes decide. */
const GENERIC_TYPES = ['', 'application/octet-stream', 'binary/octet-stream', 'application/mp4'];

/** A video, a generic binary, or a server that does not say; HTML or JSON means an error page, not a video. */
function acceptableType(contentType: string | null): boolean {
  const type = baseType(contentType);
  return type.startsWith('video/') || GENERIC_TYPES.includes(type);
}

/** Bytes needed to recognise a container. */
const SNIFF_BYTES = 12;
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** MP4 and MOV (`ftyp` box, or a bare `moov`/`mdat`/`wide`/`free` atom first) or WebM (EBML magic). */
export function videoContainer(head: Uint8Array): 'mp4' | 'mov' | 'webm' | undefined {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return 'webm';
  if (head.length < 8) return undefined;
  const box = ascii(head, 4, 8);
  if (box === 'ftyp') return ascii(head, 8, 10) === 'qt' ? 'mov' : 'mp4';
  if (['moov', 'mdat', 'wide', 'free'].includes(box)) return 'mov';
  return undefined;
}

function notAVideo(contentType: string | null, head: Uint8Array): GatewayError {
  const hex = Buffer.from(head.subarray(0, 8)).toString('hex').replace(/(..)/g, '$1 ').trim();
  return new GatewayError(
    'bad_response',
    `The video address answered with ${baseType(contentType) || 'no content type'}, but the file is not an MP4, WebM or MOV video (it starts with ${hex || 'nothing'}); it was not saved.`,
  );
}

/**
 * Fetches a finished video into `destPath`. An address on the origin of the profile's base URL
 * is the gateway's (OpenAI's `videos/{id}/content`, a Veo file on a gateway that passes Google's
 * through) and is fetched with the profile's key and headers; any other is a signed link, often
 * on a CDN, and gets neither (targetFor). The body is streamed to a temporary file beside
 * the target (never held in memory) with a byte cap, and renamed over the target only once
 * complete; on any failure the temporary file is deleted. GatewayClient's own GET retries are
 * left to the caller (`opts.retries`), which retries the whole download on its own schedule.
 */
export async function downloadVideo(
  client: GatewayClient,
  target: GatewayTarget,
  url: string,
  destPath: string,
  opts: DownloadOptions = {},
): Promise<{ bytes: number; contentType: string | null }> {
  const { maxBytes = MAX_VIDEO_BYTES, ...callOpts } = opts;
  const absolute = videoDownloadUrl(url, target);
  const open = await client.open(
    targetFor(target, absolute),
    { method: 'GET', url: absolute, accept: 'video/*,application/octet-stream;q=0.9,*/*;q=0.5' },
    { timeoutMs: 120_000, ...callOpts, resultFile: true },
  );
  const contentType = open.response.headers.get('content-type');
  const tooBig = () =>
    new GatewayError(
      'bad_response',
      `The video is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; it was not downloaded.`,
    );
  const declared = Number(open.response.headers.get('content-length') ?? '');
  const refusal = !acceptableType(contentType)
    ? new GatewayError(
        'bad_response',
        `The video address answered with ${contentType?.split(';')[0]} instead of a video; it may have expired.`,
      )
    : Number.isFinite(declared) && declared > maxBytes
      ? tooBig()
      : undefined;
  if (refusal) {
    // Stop reading at once: cancelling the body closes the socket.
    await open.response.body?.cancel().catch(() => undefined);
    open.ticket.fail(refusal.message);
    throw refusal;
  }

  await mkdir(dirname(destPath), { recursive: true, mode: 0o700 });
  const tmp = tempNameFor(destPath, 'part');
  const file = await open_(tmp, 'w', 0o600);
  let written = 0;
  // Whatever the type claims, the file's first bytes must be a video container (an error page
  // served as video/mp4 is not saved as a clip).
  let head: Uint8Array | undefined = new Uint8Array(0);
  try {
    for await (const chunk of open.chunks(60_000)) {
      written += chunk.byteLength;
      if (written > maxBytes) throw tooBig();
      if (head) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) {
          if (!videoContainer(head)) throw notAVideo(contentType, head);
          head = undefined;
        }
      }
      await file.write(chunk);
    }
    if (head && !videoContainer(head)) throw notAVideo(contentType, head);
    await file.sync();
    await file.close();
    await rename(tmp, destPath);
    syncDirectory(dirname(destPath));
  } catch (err) {
    await file.close().catch(() => undefined);
    await rm(tmp, { force: true });
    // No room for the clip: said with the folder and the size the gateway announced.
    if (isDiskFull(err))
      throw new AppFailure(
        diskFullError(
          err,
          dirname(destPath),
          Number.isFinite(declared) && declared > 0 ? declared : undefined,
        ),
      );
    throw err;
  }
  return { bytes: written, contentType };
}
