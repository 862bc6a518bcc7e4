import { z } from 'zod';
import type { BridgeRequest } from '../../src-shared/ipc/bridge-protocol';
import type { AppError } from '../../src-shared/result';

const id = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const name = z.string().min(1).max(100);

/** Every frame the page may send; anything else is answered with an error, never acted on. */
const bridgeRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invoke'), id, route: name, input: z.unknown() }),
  z.object({ type: z.literal('subscribe'), id, stream: name, streamId: name, input: z.unknown() }),
  z.object({ type: z.literal('unsubscribe'), streamId: name }),
  z.object({ type: z.literal('events'), names: z.array(name).max(100) }),
]);

export type FrameCheck =
  | { ok: true; frame: BridgeRequest }
  /** `id` when the frame named one, so the caller waiting on it hears why instead of waiting forever. */
  | { ok: false; id?: number; error: AppError };

/** Reads one text frame from the page: JSON of one of the request shapes, or an error saying why not. */
export function readBridgeFrame(raw: string): FrameCheck {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: { code: 'invalid_input', message: 'frame: must be JSON' } };
  }
  const parsed = bridgeRequestSchema.safeParse(value);
  if (parsed.success) return { ok: true, frame: parsed.data as BridgeRequest };
  const claimed = id.safeParse((value as { id?: unknown } | null)?.id);
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'frame';
  return {
    ok: false,
    ...(claimed.success ? { id: claimed.data } : {}),
    error: { code: 'invalid_input', message: `${where}: ${issue?.message ?? 'is not a bridge request'}` },
  };
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a request's Host header names this server on a loopback name. A page on another site
 * that rebinds its DNS name to 127.0.0.1 sends its own name here, and is refused.
 */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
  return !!m && LOOPBACK_NAMES.has(m[1]) && Number(m[2]) === port;
}

/** A request target as a URL on this origin, or undefined when it cannot be read as one. */
export function requestUrl(target: string | undefined, origin: string): URL | undefined {
  try {
    return new URL(target ?? '/', origin);
  } catch {
    return undefined;
  }
}
