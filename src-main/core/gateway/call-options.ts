import { GatewayError } from './gateway-error';
import type { LogTicket } from './request-log';
import type { StreamLimits } from './stream-budget';

/** What a call to the gateway is, and how it is made (gateway-client.ts sends it). */
export interface GatewayRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  json?: unknown;
  accept?: string;
  extraHeaders?: Record<string, string>;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra tries of a GET on network errors, 429 and 5xx (default 2). Callers with their own schedule pass 0. */
  retries?: number;
  /**
   * A result file (an image or video the gateway made) rather than an endpoint: its 404, 403 or
   * 410 means the signed link expired, never "no such model".
   */
  resultFile?: boolean;
  /**
   * The most bytes of a reply `json` and `bytes` will read (default DEFAULT_REPLY_CAP): a bigger
   * reply is refused before it is buffered, whatever its Content-Length claims.
   */
  maxBytes?: number;
  /**
   * The whole call, from sending to the body's last byte, ends by then with a `timeout` naming
   * it, however steadily bytes arrive (a chat reply's profile setting; absent: no deadline).
   */
  deadlineMs?: number;
}

/** What `json` and `bytes` read at most when the endpoint names no cap of its own. */
export const DEFAULT_REPLY_CAP = 16 * 1024 * 1024;
/** An error reply is read this far for the gateway's words; the rest is not needed. */
export const ERROR_BODY_CAP = 64 * 1024;

const megabytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/** A reply over the cap: named, with the cap, so the user knows it is Gatehouse's limit. */
export function replyTooLarge(maxBytes: number, what = 'reply'): GatewayError {
  return new GatewayError(
    'bad_response',
    `The gateway's ${what} is larger than ${megabytes(maxBytes)}, the most Gatehouse reads for this request; it was not kept.`,
    undefined,
    undefined,
    undefined,
    { limitBytes: maxBytes },
  );
}

export interface OpenResponse {
  response: Response;
  ticket: LogTicket;
  /**
   * Reads the body chunk by chunk, recording it in the request log; with `limits`, bytes past
   * them end the read with the limit named (stream-budget.ts).
   */
  chunks(idleTimeoutMs?: number, limits?: StreamLimits): AsyncGenerator<Uint8Array>;
}
