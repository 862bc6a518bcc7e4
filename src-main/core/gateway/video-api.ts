import type { CallOptions, GatewayClient } from './gateway-client';
import { GatewayError } from './gateway-error';
import { apiUrl, type GatewayTarget } from './gateway-urls';
import type { VideoRequestBody } from '../video/video-request';
import { parseTaskBody, type ParsedTaskBody } from '../video/video-status';

export interface VideoTaskReply {
  body: unknown;
  raw: string;
  parsed: ParsedTaskBody;
}

/**
 * POST {base_url}/video/generations. Sent once: the client never repeats a POST, because a
 * second create would start (and bill) a second video.
 */
export async function createVideoTask(
  client: GatewayClient,
  target: GatewayTarget,
  request: VideoRequestBody,
  opts: CallOptions = {},
): Promise<VideoTaskReply & { taskId: string }> {
  const { body, raw } = await client.json(
    target,
    { method: 'POST', url: apiUrl(target, 'video/generations'), json: request },
    opts,
  );
  const parsed = parseTaskBody(body);
  if (!parsed.taskId) {
    throw new GatewayError(
      'bad_response',
      'The gateway accepted the video request but its reply carries no task id.',
      200,
      raw.slice(0, 300) || undefined,
    );
  }
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

/**
 * Fetches a finished video. Result links are signed addresses, often on another host, so the
 * API key is NOT sent with them.
 */
export async function downloadVideo(
  client: GatewayClient,
  target: GatewayTarget,
  url: string,
  opts: CallOptions = {},
): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  const absolute = new URL(url, `${target.host.replace(/\/+$/, '')}/`).toString();
  return client.bytes(
    { ...target, apiKey: undefined },
    { method: 'GET', url: absolute, accept: 'video/*,*/*' },
    {
      timeoutMs: 120_000,
      ...opts,
    },
  );
}
