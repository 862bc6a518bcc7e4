import type { AppError, ErrorCode } from '../../../src-shared/result';
import { errorBody, type ErrorEnvelope } from './error-envelope';
import { proxyFailed, proxyShown, type TlsProblem, tlsProblem } from './network-failure';

/** What the window needs beyond code and words: which host, which phase, which request. */
export interface GatewayErrorDetails {
  /** The gateway's request id (from an `x-…-request-id` / `request-id` header), for support. */
  requestId?: string;
  /** The vendor's error type, e.g. System One's `tokens_exceeded`. */
  errorType?: string;
  /** Network failures: the host (and port) tried, and why it failed. */
  host?: string;
  reason?: 'dns' | 'refused' | 'unreachable' | 'cut' | 'internal_address' | 'tls' | 'proxy';
  /** A certificate failure: which problem (network-failure.ts). */
  tlsProblem?: TlsProblem;
  /** A proxy failure: the proxy's address, without user or password. */
  proxy?: string;
  /** A reply cut at the longest message kept (read-reply.ts). */
  limitChars?: number;
  /** A reply over the endpoint's byte cap (gateway-client.ts). */
  limitBytes?: number;
  /** A JSON reply nested deeper than this many levels (json-depth.ts). */
  limitDepth?: number;
  /** Why a redirect was not followed (gateway-client.ts `follow`). */
  redirect?: 'too_many' | 'other_host' | 'drops_body' | 'internal_address' | 'scheme';
  /** A redirect to an address Gatehouse never fetches: its scheme (`file:`, `javascript:`). */
  scheme?: string;
  /** The system's words for a network failure (not the gateway's: it said nothing). */
  cause?: string;
  [key: string]: unknown;
}

/** One typed failure for every way a gateway call can go wrong. */
export class GatewayError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly status?: number,
    public readonly gatewayMessage?: string,
    public readonly retryAfterMs?: number,
    public readonly extra: GatewayErrorDetails = {},
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  get requestId(): string | undefined {
    return this.extra.requestId;
  }

  toAppError(): AppError {
    const details = Object.fromEntries(
      Object.entries({ gatewayMessage: this.gatewayMessage, ...this.extra }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    return {
      code: this.code,
      message: this.message,
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      details: Object.keys(details).length > 0 ? details : undefined,
    };
  }
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  413: 'too_large',
  422: 'bad_request',
  429: 'rate_limited',
  529: 'overloaded',
};

/** Vendor error types that say more than the status they came with (or with a 200). */
const TYPE_CODES: Record<string, ErrorCode> = {
  authentication_error: 'unauthorized',
  tokens_exceeded: 'too_large',
  timeout: 'timeout',
};

/**
 * English explanations; the window translates by code, this text is the log's and the fallback.
 * Stored texts (a video's download error) keep the 5xx status; the window's catalog text does
 * not, since the window shows the status once beside it.
 */
export function explainStatus(status: number, gatewayMessage?: string, retryAfterMs?: number): string {
  const said = gatewayMessage ? `: ${gatewayMessage}` : '.';
  switch (status) {
    case 400:
      return `The gateway rejected the request${said}`;
    case 401:
      return 'The key was refused — check it in Settings.';
    case 402:
      return 'The account balance is too low for this request.';
    case 403:
      return 'The gateway refused access: the key is missing or may not use this endpoint. Check the key in Settings.';
    case 404:
      return 'No such model or endpoint on this gateway.';
    case 413:
      return 'The request is too large for the gateway; shorten it and retry.';
    case 422:
      return `The gateway could not accept the request as written${said}`;
    case 429:
      return retryAfterMs !== undefined
        ? `Rate limited — retry in ${Math.ceil(retryAfterMs / 1000)} s.`
        : 'Rate limited — wait a moment and retry.';
    case 529:
      return 'The gateway is overloaded right now; wait a minute and retry.';
    default:
      return status >= 500
        ? `The gateway had an internal error (HTTP ${status}). Try again shortly.`
        : `The gateway answered HTTP ${status}.`;
  }
}

export function statusError(
  status: number,
  gatewayMessage?: string,
  retryAfterMs?: number,
  extra: GatewayErrorDetails = {},
): GatewayError {
  const byType = extra.errorType ? TYPE_CODES[extra.errorType] : undefined;
  const code = STATUS_CODES[status] ?? byType ?? (status >= 500 ? 'server_error' : 'http_error');
  return new GatewayError(
    code,
    explainStatus(status, gatewayMessage, retryAfterMs),
    status,
    gatewayMessage,
    retryAfterMs,
    extra,
  );
}

/** A 200 whose body is an error envelope: an error in the gateway's words, never a result. */
export function envelopeError(envelope: ErrorEnvelope, extra: GatewayErrorDetails = {}): GatewayError {
  const code = (envelope.type && TYPE_CODES[envelope.type]) || 'bad_request';
  return new GatewayError(
    code,
    `The gateway answered with an error: ${envelope.message}`,
    undefined,
    envelope.message,
    undefined,
    { errorType: envelope.type, ...extra },
  );
}

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** An HTML error page (a proxy's 502, a CDN's block page) read as its title or first heading. */
function htmlHeadline(text: string): string | undefined {
  if (!/^<(!doctype html|html|head|body)\b/i.test(text) && !/<\/(html|body|title|h1)>/i.test(text))
    return undefined;
  const pick = (re: RegExp) => {
    const m = re.exec(text);
    const s = m
      ? decodeEntities(m[1].replace(/<[^>]*>/g, ''))
          .replace(/\s+/g, ' ')
          .trim()
      : '';
    return s || undefined;
  };
  return pick(/<title[^>]*>([\s\S]*?)<\/title>/i) ?? pick(/<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i) ?? '';
}

/** The gateway's words and error type from an error body, in any of the shapes seen. */
export function gatewayErrorFrom(body: string): { message?: string; type?: string } {
  const text = body.trim();
  if (!text) return {};
  try {
    const said = errorBody(JSON.parse(text));
    return said ? { message: said.message, type: said.type } : {};
  } catch {
    // Not JSON: an HTML page is reduced to its headline; short plain text is the gateway's words.
  }
  const headline = htmlHeadline(text);
  if (headline !== undefined) return headline ? { message: headline } : {};
  return text.length <= 300 ? { message: text } : {};
}

/** Pulls the human message out of the error bodies gateways are seen to send. */
export function gatewayMessageFrom(body: string): string | undefined {
  return gatewayErrorFrom(body).message;
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** A reset duration as OpenAI-style limits write it (`1s`, `6m0s`, `20ms`, `1h2m3.5s`) or seconds. */
export function parseResetDuration(value: string | null): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  const parts = [...v.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== v) return undefined;
  return Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * unit[p[2]], 0));
}

/**
 * How long a rate-limited client should wait, from whichever header the gateway sent:
 * `retry-after-ms` (OpenAI, Azure), then `retry-after` (seconds or a date), then the
 * `x-ratelimit-reset-requests` / `-tokens` durations — of the limit that ran out when the
 * `x-ratelimit-remaining-*` headers say which, else the longer.
 */
export function retryWaitFrom(headers: Headers, nowMs: number): number | undefined {
  const ms = Number(headers.get('retry-after-ms') ?? '');
  if (headers.get('retry-after-ms')?.trim() && Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const after = parseRetryAfter(headers.get('retry-after'), nowMs);
  if (after !== undefined) return after;
  const resets = (['requests', 'tokens'] as const).flatMap((kind) => {
    const wait = parseResetDuration(headers.get(`x-ratelimit-reset-${kind}`));
    const spent = headers.get(`x-ratelimit-remaining-${kind}`)?.trim() === '0';
    return wait === undefined ? [] : [{ wait, spent }];
  });
  const spent = resets.filter((r) => r.spent);
  const waits = (spent.length ? spent : resets).map((r) => r.wait);
  return waits.length ? Math.max(...waits) : undefined;
}

/** The gateway's request id: `x-request-id`, `request-id` or any `x-<vendor>-request-id`. */
export function requestIdFrom(headers: Headers): string | undefined {
  for (const name of ['x-request-id', 'request-id']) {
    const v = headers.get(name);
    if (v) return v;
  }
  for (const [name, value] of headers) if (/^x-[a-z0-9-]*request-id$/i.test(name) && value) return value;
  return undefined;
}

function causeCode(cause: unknown): { code?: string; message: string } {
  let c: unknown = cause;
  for (let depth = 0; depth < 4 && c instanceof Error; depth++) {
    const code = (c as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return { code, message: c.message };
    if (!(c.cause instanceof Error)) break;
    c = c.cause;
  }
  return { message: c instanceof Error ? c.message : '' };
}

const TLS_WORDS: Record<TlsProblem, string> = {
  untrusted:
    'is signed by an authority this machine does not trust (self-signed, or a company proxy that inspects traffic)',
  expired: 'has expired or is not valid yet (check the clock of this machine too)',
  name: 'was issued for another name than this address',
  other: 'could not be checked',
};

/**
 * A failure before any response arrived, naming the host and what went wrong in plain words.
 * `proxy`: the profile's own proxy, if it has one, so a failure there is not blamed on the gateway.
 */
export function networkError(cause: unknown, url?: string, proxy?: string): GatewayError {
  const { code, message: detail } = causeCode(cause);
  let where: URL | undefined;
  try {
    where = url ? new URL(url) : undefined;
  } catch {
    where = undefined;
  }
  const tls = tlsProblem(cause);
  if (tls) {
    const fix =
      tls === 'untrusted'
        ? ' If your company uses its own certificate authority, add its certificate to the profile in Settings → Network → Trusted certificates.'
        : ' Check the address in Settings; a proxy that inspects traffic may be presenting its own certificate.';
    return new GatewayError(
      'network',
      `The certificate of ${where?.host ?? 'the gateway'} ${TLS_WORDS[tls]}, so Gatehouse did not connect.${fix}`,
      undefined,
      undefined,
      undefined,
      { host: where?.host, reason: 'tls', tlsProblem: tls, cause: detail || undefined },
    );
  }
  if (proxyFailed(cause, proxy)) {
    const shown = proxy ? proxyShown(proxy) : undefined;
    return new GatewayError(
      'network',
      `The proxy${shown ? ` ${shown}` : ''} could not take the request${detail ? ` (${detail})` : ''}. Check the proxy in Settings → Network, or choose "No proxy" there.`,
      undefined,
      undefined,
      undefined,
      { host: where?.host, reason: 'proxy', proxy: shown, cause: detail || undefined },
    );
  }
  if (where && (code === 'ENOTFOUND' || code === 'EAI_AGAIN')) {
    return new GatewayError(
      'network',
      `Could not find ${where.hostname} (DNS). Check the address in Settings and your connection.`,
      undefined,
      undefined,
      undefined,
      { host: where.hostname, reason: 'dns', cause: detail || undefined },
    );
  }
  if (where && code === 'ECONNREFUSED') {
    return new GatewayError(
      'network',
      `Nothing answered at ${where.host} (connection refused). Is the gateway running at that address?`,
      undefined,
      undefined,
      undefined,
      { host: where.host, reason: 'refused', cause: detail || undefined },
    );
  }
  return new GatewayError(
    'network',
    `The gateway could not be reached${detail ? ` (${detail})` : ''}. Check the address and your connection.`,
    undefined,
    undefined,
    undefined,
    { host: where?.host, reason: 'unreachable', cause: detail || undefined },
  );
}
