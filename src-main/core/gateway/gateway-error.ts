import type { AppError, ErrorCode } from '../../../src-shared/result';

/** One typed failure for every way a gateway call can go wrong. */
export class GatewayError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly status?: number,
    public readonly gatewayMessage?: string,
    public readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  toAppError(): AppError {
    return {
      code: this.code,
      message: this.message,
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      details: this.gatewayMessage ? { gatewayMessage: this.gatewayMessage } : undefined,
    };
  }
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  404: 'not_found',
  429: 'rate_limited',
};

/** English explanations; the window translates by code, this text is the log's and the fallback. */
export function explainStatus(status: number, gatewayMessage?: string, retryAfterMs?: number): string {
  switch (status) {
    case 400:
      return `The gateway rejected the request${gatewayMessage ? `: ${gatewayMessage}` : '.'}`;
    case 401:
      return 'The key was refused — check it in Settings.';
    case 402:
      return 'The account balance is too low for this request.';
    case 404:
      return 'No such model or endpoint on this gateway.';
    case 429:
      return retryAfterMs !== undefined
        ? `Rate limited — retry in ${Math.ceil(retryAfterMs / 1000)} s.`
        : 'Rate limited — wait a moment and retry.';
    default:
      return status >= 500
        ? `The gateway had an internal error (HTTP ${status}). Try again shortly.`
        : `The gateway answered HTTP ${status}.`;
  }
}

export function statusError(status: number, gatewayMessage?: string, retryAfterMs?: number): GatewayError {
  const code = STATUS_CODES[status] ?? (status >= 500 ? 'server_error' : 'http_error');
  return new GatewayError(
    code,
    explainStatus(status, gatewayMessage, retryAfterMs),
    status,
    gatewayMessage,
    retryAfterMs,
  );
}

/** Pulls the human message out of the error bodies gateways are seen to send. */
export function gatewayMessageFrom(body: string): string | undefined {
  const text = body.trim();
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    const pick = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
    if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>;
      const err = o.error;
      if (err && typeof err === 'object') return pick((err as Record<string, unknown>).message);
      return pick(err) ?? pick(o.message) ?? pick(o.msg) ?? pick(o.detail);
    }
  } catch {
    // Not JSON: a short plain-text body is still the gateway's own words.
  }
  return text.length <= 300 ? text : undefined;
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

export function networkError(cause: unknown): GatewayError {
  const detail =
    cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : '';
  return new GatewayError(
    'network',
    `The gateway could not be reached${detail ? ` (${detail})` : ''}. Check the address and your connection.`,
    undefined,
    detail || undefined,
  );
}
