/**
 * Where a profile's calls go (docs/architecture.md, "Profiles and addresses"). A base URL is used
 * as typed, like the official SDKs' `baseURL`: each endpoint's path is appended to its path, and
 * its query (Azure's `?api-version=`) is kept. A bare host (no path) is the spec's form, and
 * gets the spec's `/v1`. The judgement endpoint has its own address, derived by default.
 */

import { normalizeHost } from '../request/gateway-address';

/** The OpenAI-style base for what the user typed: as typed, or `{host}/v1` for a bare host. */
export function apiBaseUrl(typed: string): string {
  const url = new URL(typed.trim());
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path === '' ? '/v1' : path}${url.search}`;
}

/** `path` (e.g. `chat/completions`) under the base, its query kept, with extra query pairs after it. */
export function endpointAt(baseUrl: string, path: string, query: readonly QueryPair[] = []): string {
  const { head, search } = splitBase(baseUrl);
  return withQuery(`${head}/${path.replace(/^\/+/, '')}${search}`, query);
}

/**
 * A base URL's origin and path (no trailing slash) apart from its query. Read as text, not as a
 * URL, so an address still being typed (or a profile list still loading) gives an answer too.
 */
function splitBase(baseUrl: string): { head: string; search: string } {
  const cut = baseUrl.search(/[?#]/);
  const head = (cut < 0 ? baseUrl : baseUrl.slice(0, cut)).trim().replace(/\/+$/, '');
  const search = cut < 0 ? '' : baseUrl.slice(cut).replace(/#.*$/, '');
  return { head, search };
}

/** The address with extra query pairs after its own. */
export function withQuery(address: string, query: readonly QueryPair[] = []): string {
  const extra = query.map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(q.value)}`).join('&');
  if (!extra) return address;
  return `${address}${address.includes('?') ? '&' : '?'}${extra}`;
}

/**
 * The spec's judgement address for a base: on the same host, under the base's path prefix
 * (a proxy's mount point) without its trailing `/v1`: `{prefix}/{segment}/v1/systemone`.
 */
export function defaultJudgeUrl(baseUrl: string, judgeSegment: string): string {
  const prefix = splitBase(baseUrl).head.replace(/\/v1$/i, '');
  const segment = judgeSegment.replace(/^\/+|\/+$/g, '') || 'partner';
  return `${prefix}/${segment}/v1/systemone`;
}

export interface QueryPair {
  name: string;
  value: string;
}

/** What a stored profile says about its addresses; older profiles only have `host`. */
export interface AddressFields {
  host: string;
  judgeSegment: string;
  baseUrl?: string;
  judgeUrl?: string;
}

/**
 * The addresses a profile calls. A profile saved before base URLs were used as typed has only its
 * host (stored without `/v1`), and called `{host}/v1/...`: it keeps calling exactly that.
 */
export function profileAddresses(p: AddressFields): { baseUrl: string; judgeUrl: string } {
  const baseUrl = p.baseUrl ?? `${normalizeHost(p.host)}/v1`;
  return { baseUrl, judgeUrl: p.judgeUrl ?? defaultJudgeUrl(baseUrl, p.judgeSegment) };
}
