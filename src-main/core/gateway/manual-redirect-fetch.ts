import { Readable } from 'node:stream';
import type { FetchLike } from './gateway-client';

/** What the adapter needs of Electron's `ClientRequest` (net.request), so tests can fake it. */
export interface ClientRequestLike {
  setHeader(name: string, value: string): void;
  write(chunk: string | Buffer): void;
  end(): void;
  abort(): void;
  on(
    event: 'redirect',
    listener: (status: number, method: string, url: string, headers: Record<string, string[]>) => void,
  ): this;
  on(event: 'response', listener: (response: IncomingLike) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
}
export interface IncomingLike extends NodeJS.ReadableStream {
  statusCode: number;
  statusMessage: string;
  headers: Record<string, string | string[]>;
}
export type RequestFn = (options: { method: string; url: string; redirect: 'manual' }) => ClientRequestLike;

function toHeaders(raw: Record<string, string | string[]>): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(raw)) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  return headers;
}

/**
 * A fetch over Electron's net stack (system proxy and certificates) that answers a redirect with
 * the 3xx response itself when asked to (`redirect: 'manual'`), as Node's fetch does: Electron's
 * own `net.fetch` cancels the request instead. The gateway client checks every hop itself.
 */
export function manualRedirectFetch(request: RequestFn, fallback: FetchLike): FetchLike {
  return (url, init) => {
    if (init.redirect !== 'manual') return fallback(url, init);
    const method = init.method ?? 'GET';
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      const r = request({ method, url, redirect: 'manual' });
      let settled = false;
      const settle = (fn: () => void) => {
        if (!settled) fn();
        settled = true;
      };
      const onAbort = () => {
        r.abort();
        settle(() => reject(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError')));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      new Headers(init.headers).forEach((value, name) => r.setHeader(name, value));
      r.on('redirect', (status, _method, location, headers) => {
        const h = toHeaders(headers);
        h.set('location', location);
        settle(() => resolve(new Response(null, { status, headers: h })));
        // Not followed: the client decides whether to ask for the next hop.
        r.abort();
      });
      r.on('response', (resp) => {
        const empty = [101, 204, 205, 304].includes(resp.statusCode) || method === 'HEAD';
        const body = empty
          ? null
          : (Readable.toWeb(resp as unknown as Readable) as ReadableStream<Uint8Array>);
        settle(() =>
          resolve(
            new Response(body, {
              status: resp.statusCode,
              statusText: resp.statusMessage,
              headers: toHeaders(resp.headers),
            }),
          ),
        );
      });
      r.on('error', (err) => settle(() => reject(err)));
      if (typeof init.body === 'string') r.write(init.body);
      r.end();
    });
  };
}
