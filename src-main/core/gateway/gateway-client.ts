import { MAX_JSON_DEPTH, nestedDeeperThan, TOO_DEEP } from '../../../src-shared/json-depth';
import {
  GatewayError,
  gatewayErrorFrom,
  networkError,
  retryWaitFrom,
  requestIdFrom,
  statusError,
} from './gateway-error';
import { authHeaders, type GatewayTarget } from './gateway-urls';
import type { RequestLog } from './request-log';
import { abortedError, readChunks } from './read-chunks';
import { replyDeadlinePassed, type StreamLimits } from './stream-budget';

export { abortedError } from './read-chunks';
import type { KeyScrubber } from '../security/key-scrubber';
import {
  isInternalHost,
  type Lookup,
  refuseInternalRedirect,
  refuseInternalResult,
  systemLookup,
} from './result-address';
import type { NetworkRoute } from './network-route';
import {
  type CallOptions,
  DEFAULT_REPLY_CAP,
  ERROR_BODY_CAP,
  type GatewayRequest,
  type OpenResponse,
  replyTooLarge,
} from './call-options';

export {
  type CallOptions,
  DEFAULT_REPLY_CAP,
  type GatewayRequest,
  type OpenResponse,
  replyTooLarge,
} from './call-options';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface GatewayClientDeps {
  /** The platform's fetch, for calls whose profile sets no network of its own. */
  fetch: FetchLike;
  /** The fetch for a profile's proxy and certificates (network-fetch.ts); absent: always `fetch`. */
  fetchFor?: (route: NetworkRoute | undefined) => FetchLike;
  log: RequestLog;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Time allowed until the response headers arrive. */
  timeoutMs?: number;
  /** How result addresses are resolved to be checked (the system's resolver unless a test says). */
  lookup?: Lookup;
  /** The keys to remove from every textual reply before anything reads it (docs/architecture.md, security). */
  scrubber?: KeyScrubber;
}

const RETRIES_FOR_IDEMPOTENT = 2;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** An address as shown in a message: a `javascript:` or `data:` one can be long. */
const shorten = (href: string) => (href.length > 120 ? `${href.slice(0, 120)}…` : href);

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(host).hostname;
  } catch {
    return undefined;
  }
}

/**
 * The one way Gatehouse talks to a gateway. Endpoint helpers (chat, models, media, video,
 * judge) build a request and call `open`, `json` or `bytes`; errors, timeouts, retries and the
 * request log are handled here once.
 */
export class GatewayClient {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  readonly timeoutMs: number;
  private readonly lookup: Lookup;

  constructor(private readonly deps: GatewayClientDeps) {
    this.lookup = deps.lookup ?? systemLookup;
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.timeoutMs = deps.timeoutMs ?? 60_000;
  }

  /**
   * Sends the request and resolves once headers are in and the status is 2xx. GETs are retried
   * on network errors, 429 and 5xx; a POST may cost money, so it is never sent twice unasked.
   */
  async open(target: GatewayTarget, req: GatewayRequest, opts: CallOptions = {}): Promise<OpenResponse> {
    const attempts = req.method === 'GET' ? Math.max(0, opts.retries ?? RETRIES_FOR_IDEMPOTENT) + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.openOnce(target, req, opts);
      } catch (err) {
        const retryable =
          err instanceof GatewayError &&
          (err.code === 'network' || err.code === 'rate_limited' || (err.status ?? 0) >= 500);
        if (!retryable || attempt >= attempts || opts.signal?.aborted) throw err;
        const wait = err.retryAfterMs ?? 250 * 2 ** (attempt - 1);
        if (wait > 10_000) throw err;
        await this.sleep(wait);
      }
    }
  }

  private async openOnce(
    target: GatewayTarget,
    req: GatewayRequest,
    opts: CallOptions,
  ): Promise<OpenResponse> {
    // The profile's own headers, then the endpoint's, then the key in the profile's auth scheme.
    const headers: Record<string, string> = {
      Accept: req.accept ?? 'application/json',
      ...target.headers,
      ...req.extraHeaders,
      ...authHeaders(target),
    };
    let body: string | undefined;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['Content-Type'] = 'application/json';
    }
    const ticket = this.deps.log.begin(req.method, req.url, headers, body, {
      keyHeader: target.auth?.scheme === 'header' ? target.auth.header : undefined,
      secretHeaders: target.secretHeaders,
    });
    const controller = new AbortController();
    const abortFromCaller = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) abortFromCaller();
    opts.signal?.addEventListener('abort', abortFromCaller, { once: true });
    let pastDeadline = false;
    const deadline =
      opts.deadlineMs === undefined
        ? undefined
        : setTimeout(() => {
            pastDeadline = true;
            controller.abort();
          }, opts.deadlineMs);
    // Once the body is read (or will not be), the caller's signal and the deadline let go.
    const detach = () => {
      opts.signal?.removeEventListener('abort', abortFromCaller);
      clearTimeout(deadline);
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? this.timeoutMs);

    let response: Response;
    try {
      response = await this.follow(target, req, headers, body, controller.signal, opts);
    } catch (err) {
      clearTimeout(timer);
      detach();
      const failure = pastDeadline
        ? replyDeadlinePassed(opts.deadlineMs!)
        : err instanceof GatewayError
          ? err
          : timedOut
            ? new GatewayError(
                'timeout',
                'The gateway did not answer in time. Try again, or check the address.',
              )
            : opts.signal?.aborted
              ? abortedError()
              : networkError(
                  err,
                  req.url,
                  target.network?.proxy?.mode === 'url' ? target.network.proxy.url : undefined,
                );
      if (failure.code === 'aborted') ticket.stop(failure.message);
      else ticket.fail(failure.message);
      throw failure;
    }
    clearTimeout(timer);
    const requestId = requestIdFrom(response.headers);
    ticket.headers(response.status, response.headers.get('content-type'), requestId, response.headers);

    // Text may echo the key; media bytes are left as they are (they are sniffed, never shown as text).
    const contentType = response.headers.get('content-type');
    const textual = !contentType || /json|text|event-stream|xml|html/i.test(contentType);
    const scrubber = textual ? this.deps.scrubber?.stream(target.apiKey) : undefined;
    const chunks = (idleTimeoutMs?: number, limits?: StreamLimits, onEnd?: () => void) =>
      readChunks(response, ticket, controller, {
        idleTimeoutMs: idleTimeoutMs ?? this.timeoutMs,
        callerAborted: () => opts.signal?.aborted === true,
        scrubber,
        deadline:
          opts.deadlineMs === undefined ? undefined : { ms: opts.deadlineMs, passed: () => pastDeadline },
        limits,
        onEnd,
      });

    if (!response.ok) {
      let text = '';
      const decoder = new TextDecoder();
      try {
        for await (const c of chunks()) {
          text += decoder.decode(c, { stream: true });
          if (text.length > ERROR_BODY_CAP) break; // leaving the loop cancels the body
        }
        text += decoder.decode();
      } catch {
        // The error status says enough on its own when the body cannot be read.
      }
      detach();
      const said = gatewayErrorFrom(text);
      const failure =
        opts.resultFile && [403, 404, 410].includes(response.status)
          ? new GatewayError(
              'link_expired',
              'The result link is no longer valid (it may have expired); generate the result again.',
              response.status,
              said.message,
              undefined,
              { requestId },
            )
          : statusError(response.status, said.message, retryWaitFrom(response.headers, this.now()), {
              requestId,
              errorType: said.type,
            });
      ticket.fail(failure.message);
      throw failure;
    }
    // Once the body is read, the caller's signal and the deadline let go (readChunks' `onEnd`).
    return {
      response,
      ticket,
      chunks: (idleTimeoutMs?: number, limits?: StreamLimits) => chunks(idleTimeoutMs, limits, detach),
    };
  }

  /**
   * Sends the request and follows redirects by hand, so each hop is checked: a request that
   * carries the key follows none to another origin (a result file does, but from there on without
   * the key and the profile's headers), a POST only a 307/308, none to a scheme other than
   * http(s), none into an internal network unless the profile's host is internal; a result file's
   * every hop must stay off internal networks but for the gateway's own host (result-address.ts).
   * At most MAX_REDIRECTS hops.
   */
  private async follow(
    target: GatewayTarget,
    req: GatewayRequest,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal,
    opts: CallOptions,
  ): Promise<Response> {
    // A request that carries the key or a secret header never follows a redirect to another origin.
    let keyed = Object.keys(authHeaders(target)).length > 0 || (target.secretHeaders?.length ?? 0) > 0;
    const gatewayHostname = hostnameOf(target.host);
    /** Whether the profile's host is internal: looked up at the first redirect, if any. */
    let gatewayInternal: boolean | undefined;
    let url = req.url;
    const fetch = this.deps.fetchFor?.(target.network) ?? this.deps.fetch;
    let sent = headers;
    for (let hop = 0; ; hop++) {
      if (opts.resultFile) {
        const refused = await refuseInternalResult(new URL(url), gatewayHostname, this.lookup);
        if (refused) throw refused;
      }
      const response = await fetch(url, {
        method: req.method,
        headers: sent,
        body,
        signal,
        redirect: 'manual',
      });
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
      if (!location) return response;
      await response.body?.cancel().catch(() => undefined);
      const next = new URL(location, url);
      // Not http(s): never fetched, and said by its scheme (such an address has no host to name).
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        throw new GatewayError(
          'bad_response',
          `The gateway redirected to a ${next.protocol} address (${shorten(next.href)}); Gatehouse follows redirects only to http: and https: addresses, so it stopped. Check the gateway address in the profile.`,
          response.status,
          undefined,
          undefined,
          { redirect: 'scheme', scheme: next.protocol, host: shorten(next.href) },
        );
      }
      const refuse = (redirect: 'too_many' | 'other_host' | 'drops_body', why: string) =>
        new GatewayError('bad_response', why, response.status, undefined, undefined, {
          redirect,
          host: next.host,
        });
      if (hop >= MAX_REDIRECTS) {
        throw refuse(
          'too_many',
          `The address redirected more than ${MAX_REDIRECTS} times; Gatehouse stopped following it.`,
        );
      }
      if (keyed && next.origin !== new URL(url).origin && opts.resultFile && req.method === 'GET') {
        // The gateway hands a result file to where it is kept (a signed link): followed, but the
        // key and the profile's headers stay with the gateway.
        sent = { Accept: req.accept ?? 'application/json', ...req.extraHeaders };
        keyed = false;
      } else if (keyed && next.origin !== new URL(url).origin) {
        throw refuse(
          'other_host',
          `The gateway redirected to ${next.host}; Gatehouse never sends the key to another address, so it stopped. Use that address in the profile if it is the gateway's.`,
        );
      }
      if (req.method !== 'GET' && response.status !== 307 && response.status !== 308) {
        throw refuse(
          'drops_body',
          `The gateway answered the ${req.method} with a redirect (HTTP ${response.status}) that would drop the request body; check the address.`,
        );
      }
      // Key or no key, a redirect may not lead into this machine or a private network unless
      // the profile's own host is on one. A result file's hops are checked above, more strictly.
      if (!opts.resultFile) {
        gatewayInternal ??= await isInternalHost(gatewayHostname, this.lookup);
        const refused = await refuseInternalRedirect(next, gatewayInternal, this.lookup, response.status);
        if (refused) throw refused;
      }
      url = next.href;
    }
  }

  /** A whole JSON body; anything unparseable is a `bad_response` that keeps the raw text. */
  async json(
    target: GatewayTarget,
    req: GatewayRequest,
    opts: CallOptions = {},
  ): Promise<{ body: unknown; raw: string; requestId?: string }> {
    const { bytes, requestId } = await this.bytes(target, req, opts);
    const raw = new TextDecoder().decode(bytes);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new GatewayError(
        'bad_response',
        'The gateway sent a reply that is not valid JSON.',
        200,
        raw.slice(0, 300) || undefined,
        undefined,
        { requestId },
      );
    }
    // Every reader after this one walks the reply by recursion; too deep a reply would end as
    // "Maximum call stack size exceeded" somewhere in them (json-depth.ts).
    if (nestedDeeperThan(body)) {
      throw new GatewayError(
        'bad_response',
        `The gateway sent JSON ${TOO_DEEP}, which Gatehouse does not read; check the gateway (the raw reply is in the request log).`,
        200,
        undefined,
        undefined,
        { requestId, limitDepth: MAX_JSON_DEPTH },
      );
    }
    return { body, raw, requestId };
  }

  async bytes(
    target: GatewayTarget,
    req: GatewayRequest,
    opts: CallOptions = {},
  ): Promise<{ bytes: Uint8Array; contentType: string | null; requestId?: string }> {
    const open = await this.open(target, req, opts);
    const maxBytes = opts.maxBytes ?? DEFAULT_REPLY_CAP;
    const declared = Number(open.response.headers.get('content-length') ?? NaN);
    const refuse = () => {
      const failure = replyTooLarge(maxBytes);
      open.ticket.fail(failure.message);
      return failure;
    };
    if (Number.isFinite(declared) && declared > maxBytes) {
      await open.response.body?.cancel().catch(() => undefined);
      throw refuse();
    }
    const parts: Uint8Array[] = [];
    let total = 0;
    for await (const c of open.chunks()) {
      total += c.byteLength;
      // Counted as it arrives: a Content-Length that lies (or is absent) changes nothing.
      if (total > maxBytes) throw refuse(); // leaving the loop cancels the body (see readChunks)
      parts.push(c);
    }
    return {
      bytes: Buffer.concat(parts),
      contentType: open.response.headers.get('content-type'),
      requestId: open.ticket.entry.requestId,
    };
  }
}
