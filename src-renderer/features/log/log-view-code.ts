import type { LogEntry } from '../../../src-shared/log/log-entry';
import type { CodeKind, HttpCall } from '../../../src-shared/request/view-code';

/** The endpoints "View code" knows by kind, each by how its address ends. */
const KINDS: [RegExp, CodeKind][] = [
  [/\/v1\/chat\/completions$/, 'chat'],
  [/\/v1\/embeddings$/, 'embeddings'],
  [/\/v1\/images\/generations$/, 'images'],
  [/\/v1\/audio\/speech$/, 'speech'],
  [/\/v1\/video\/generations$/, 'video'],
  [/\/v1\/systemone$/, 'judge'],
];

export interface LogCode {
  kind: CodeKind;
  body: Record<string, unknown>;
  http?: HttpCall;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What "View code" needs to show a logged call again: a POST to an endpoint it knows is that
 * kind with the body sent (so chat gets the SDK code); anything else is a plain HTTP call with
 * the same method and body. Addresses under `/v1/` are moved under the active profile's host;
 * others (a result file's signed link) stay as they were called. Undefined when the body is
 * not whole JSON (cut in the log), since code for half a body would not run.
 */
export function logCode(
  entry: Pick<LogEntry, 'method' | 'url' | 'requestHeaders' | 'keyHeader'>,
  bodyText?: string,
): LogCode | undefined {
  let body: unknown;
  if (bodyText !== undefined) {
    try {
      body = JSON.parse(bodyText);
    } catch {
      return undefined;
    }
  }
  let url: URL;
  try {
    url = new URL(entry.url);
  } catch {
    return undefined;
  }
  if (entry.method === 'POST' && isObject(body)) {
    const known = KINDS.find(([end]) => end.test(url.pathname));
    if (known) return { kind: known[1], body };
  }
  const at = url.pathname.indexOf('/v1/');
  const path = at === -1 ? url.href : url.pathname.slice(at) + url.search;
  // The key went in Authorization, or in the profile's own key header (Azure's api-key).
  const keyHeaders = ['authorization', entry.keyHeader?.toLowerCase()];
  const auth = Object.keys(entry.requestHeaders).some((h) => keyHeaders.includes(h.toLowerCase()));
  const withBody = body !== undefined;
  if (withBody && !isObject(body)) return undefined;
  return {
    kind: 'http',
    body: (body as Record<string, unknown> | undefined) ?? {},
    http: { method: entry.method, path, auth, withBody },
  };
}
