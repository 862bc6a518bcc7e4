import { randomBytes } from 'node:crypto';
import { mkdir, open as open_, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CallOptions, GatewayClient } from './gateway-client';
import { GatewayError } from './gateway-error';
import { apiUrl, type GatewayTarget } from './gateway-urls';
import type { VideoRequestBody } from '../../../src-shared/video/video-request';
import { parseTaskBody, type ParsedTaskBody } from '../../../src-shared/video/video-status';

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
    opts,
  );
  const parsed = parseTaskBody(body);
  return { body, raw, parsed, taskId: parsed.taskId };
}

/** GET {base_url}/video/generations/{task_id}; idempotent, so the client may retry it. */
export async function getVideoTask(
  client: GatewayClient,
  target: GatewayTarget,
  taskId: string,
  opts: CallOptions = {},
): Promise<VideoTaskReply> {
  const { body, raw } = await client.json(
    target,
    { method: 'GET', url: apiUrl(target, `video/generations/${encodeURIComponent(taskId)}`) },
    opts,
  );
  return { body, raw, parsed: parseTaskBody(body) };
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

/** A video, a generic binary, or a server that does not say; HTML or JSON means an error page, not a video. */
function acceptableType(contentType: string | null): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === '' || type.startsWith('video/') || type === 'application/octet-stream';
}

/**
 * Fetches a finished video into `destPath`. Result links are signed addresses, often on another
 * host, so the API key is NOT sent with them. The body is streamed to a temporary file beside
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
    { ...target, apiKey: undefined },
    { method: 'GET', url: absolute, accept: 'video/*,application/octet-stream;q=0.9,*/*;q=0.5' },
    { timeoutMs: 120_000, ...callOpts },
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
  const tmp = `${destPath}.part-${randomBytes(4).toString('hex')}`;
  const file = await open_(tmp, 'w', 0o600);
  let written = 0;
  try {
    for await (const chunk of open.chunks(60_000)) {
      written += chunk.byteLength;
      if (written > maxBytes) throw tooBig();
      await file.write(chunk);
    }
    await file.sync();
    await file.close();
    await rename(tmp, destPath);
  } catch (err) {
    await file.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  }
  return { bytes: written, contentType };
}
