/**
 * What "View code" is asked for: a request of one kind, for the active profile's addresses and
 * connection (docs/architecture.md, "View code"), and the addresses it calls, built by the same
 * functions as main's client.
 */
import { normalizeHost } from './gateway-address';
import { endpointAt, profileAddresses, withQuery } from '../profiles/profile-address';
import type { CodeConnection } from './code-connection';
import type { CodeFile } from './code-files';

/** `http`: any other call (a model list, a task poll), sent as the request log recorded it. */
export type CodeKind = 'chat' | 'embeddings' | 'images' | 'speech' | 'video' | 'judge' | 'http';
export type CodeLanguage = 'curl' | 'python' | 'node';
export const CODE_LANGUAGES: readonly CodeLanguage[] = ['curl', 'python', 'node'];

export type Body = Record<string, unknown>;

export interface CodeRequest extends CodeConnection {
  kind: CodeKind;
  /** The profile's host as typed (with or without /v1). */
  host: string;
  /** The judge endpoint's path segment (`{host}/{segment}/v1/systemone`). */
  judgeSegment: string;
  /** The profile's base URL as it calls it (src-shared/profiles/profile-address.ts); absent: `{host}/v1`. */
  baseUrl?: string;
  /** The profile's judgement endpoint; absent: derived from the base URL and segment. */
  judgeUrl?: string;
  body: Body;
  /** Files the body stands for by marker (code-files.ts): an attached image's data URL. */
  files?: readonly CodeFile[];
  /** For `http` only: the method, and where (see HttpCall). */
  http?: HttpCall;
}

export interface HttpCall {
  method: string;
  /**
   * A path under the profile's host (`/v1/models`), or a whole address kept as it was called;
   * either with the query it was called with (the profile's extra query already in it).
   */
  path: string;
  /** Sends the key (a result file's signed link is fetched without one). */
  auth: boolean;
  /** Sends `body` as JSON. */
  withBody: boolean;
}

const PATHS: Record<Exclude<CodeKind, 'judge' | 'http'>, string> = {
  chat: 'chat/completions',
  embeddings: 'embeddings',
  images: 'images/generations',
  speech: 'audio/speech',
  video: 'video/generations',
};

/** The whole address a request calls, with the base URL's query and the profile's extra query. */
export function endpointUrl(
  r: Pick<CodeRequest, 'kind' | 'host' | 'judgeSegment' | 'http' | 'baseUrl' | 'judgeUrl' | 'query'>,
): string {
  if (r.kind === 'judge') return withQuery(profileAddresses(r).judgeUrl, r.query);
  if (r.kind === 'http') {
    const path = r.http?.path ?? '/';
    // The host as typed may carry a query of its own (Azure's): the logged path brings the call's.
    return /^https?:\/\//i.test(path) ? path : `${normalizeHost(splitQuery(r.host).path)}${path}`;
  }
  return endpointAt(profileAddresses(r).baseUrl, PATHS[r.kind], r.query);
}

/**
 * An address apart from its query (`?…`, or empty), so that a path can go between them: a video
 * task is polled at `{create address}/{task id}` with the same query (main's `apiUrl`).
 */
export function splitQuery(address: string): { path: string; search: string } {
  const cut = address.indexOf('?');
  return cut < 0
    ? { path: address, search: '' }
    : { path: address.slice(0, cut), search: address.slice(cut) };
}

export function httpOf(r: CodeRequest): HttpCall {
  return r.http ?? { method: 'GET', path: '/v1/models', auth: true, withBody: false };
}

export function audioExtension(body: Body): string {
  const format = typeof body.response_format === 'string' ? body.response_format : 'mp3';
  return /^[a-z0-9]{2,5}$/.test(format) ? format : 'mp3';
}
