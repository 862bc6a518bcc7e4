/**
 * What generated code adds to every call so that it calls what the app calls for the profile
 * (docs/architecture.md, "View code"): the key in the profile's auth scheme, the profile's extra
 * headers and its extra query parameters. Neither the key nor a secret header's value is ever
 * written: the code reads each from an environment variable of its own.
 */
import type { AuthScheme } from '../profiles/profile';
import { profileAddresses, type QueryPair } from '../profiles/profile-address';

export const KEY_ENV = 'GATEWAY_API_KEY';

/** The variable a secret header's value is read from: `X-Portkey-Api-Key` -> `GATEWAY_HEADER_X_PORTKEY_API_KEY`. */
export function secretHeaderVariable(name: string): string {
  return `GATEWAY_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** An extra header of the profile; a secret one has no value here (the window never sees it). */
export interface CodeHeader {
  name: string;
  value?: string;
  secret?: boolean;
}

/** The profile's settings that every call carries. */
export interface CodeConnection {
  /** Absent: `Authorization: Bearer`. */
  auth?: AuthScheme;
  headers?: readonly CodeHeader[];
  query?: readonly QueryPair[];
}

/** Where and how generated code calls for a profile. */
export interface CodeProfile extends CodeConnection {
  /** The host as typed, and the judge path segment. */
  host: string;
  judgeSegment: string;
  /** The base URL and judgement address as the profile calls them (profile-address.ts). */
  baseUrl?: string;
  judgeUrl?: string;
}

/**
 * A saved profile as the window has it (profile-view.ts), as generated code calls it. A secret
 * header keeps only its name: its value (which the window never has) could not be written even by
 * mistake.
 */
export function codeProfileOf(p: CodeProfile): CodeProfile {
  return {
    host: p.host,
    judgeSegment: p.judgeSegment,
    baseUrl: p.baseUrl,
    judgeUrl: p.judgeUrl,
    auth: p.auth,
    headers: p.headers?.map((h) =>
      h.secret ? { name: h.name, secret: true } : { name: h.name, value: h.value },
    ),
    query: p.query?.map((q) => ({ name: q.name, value: q.value })),
  };
}

/**
 * A header as the code sends it: written out, or read from the environment variable `env`
 * (`prefix` before it: `Bearer ` for the key in the bearer scheme). `about` says what it is.
 */
export type SentHeader =
  { name: string; text: string } | { name: string; env: string; prefix: string; about: string };

/** The header that carries the key, or none when the profile sends no key. */
export function keyHeader(c: CodeConnection): SentHeader | undefined {
  const auth = c.auth ?? { scheme: 'bearer' };
  if (auth.scheme === 'none') return undefined;
  if (auth.scheme === 'header')
    return { name: auth.header, env: KEY_ENV, prefix: '', about: 'the gateway key' };
  return { name: 'Authorization', env: KEY_ENV, prefix: 'Bearer ', about: 'the gateway key' };
}

/**
 * A logged call's headers as main sends them to that address (gateway-urls.ts `targetFor`): the
 * profile's own on the origin of its base URL; none at all (no key, no extra header) on another
 * origin, such as a signed result link on a CDN.
 */
export function sentHeadersTo(p: CodeProfile, address: string, withKey: boolean): SentHeader[] {
  const origin = (a: string) => {
    try {
      return new URL(a).origin;
    } catch {
      return undefined;
    }
  };
  const own = origin(profileAddresses(p).baseUrl);
  return own !== undefined && origin(address) === own ? sentHeaders(p, withKey) : [];
}

/**
 * The headers a call sends, in main's order: the extra headers, then the key (which wins over an
 * extra header of the same name, as in main's client). `withKey` false: a call on the gateway's
 * origin made without the key (an image link), which main still sends the extra headers with.
 */
export function sentHeaders(c: CodeConnection, withKey = true): SentHeader[] {
  const key = withKey ? keyHeader(c) : undefined;
  const extra = (c.headers ?? [])
    .filter((h) => !key || h.name.toLowerCase() !== key.name.toLowerCase())
    .map((h): SentHeader =>
      h.secret
        ? {
            name: h.name,
            env: secretHeaderVariable(h.name),
            prefix: '',
            about: `the ${h.name} header's value`,
          }
        : { name: h.name, text: h.value ?? '' },
    );
  return key ? [...extra, key] : extra;
}

/** Whether the code sends an Authorization header of its own (the key or an extra header). */
export function sendsAuthorization(headers: readonly SentHeader[]): boolean {
  return headers.some((h) => h.name.toLowerCase() === 'authorization');
}

/** The environment variables the headers read, each once, the key's first. */
export function envVariables(headers: readonly SentHeader[]): { env: string; about: string }[] {
  const seen = new Map<string, string>();
  for (const h of headers) if ('env' in h && !seen.has(h.env)) seen.set(h.env, h.about);
  return [...seen]
    .map(([env, about]) => ({ env, about }))
    .sort((a, b) => Number(b.env === KEY_ENV) - Number(a.env === KEY_ENV));
}

/** A comment line naming the variables to set (none when the code reads none). */
export function envComment(headers: readonly SentHeader[], mark: '#' | '//'): string[] {
  const vars = envVariables(headers);
  if (vars.length === 0) return [];
  return [`${mark} Set in the environment first: ${vars.map((v) => `${v.env} (${v.about})`).join(', ')}.`];
}

/**
 * The base URL apart from its query, and the query pairs every call carries: the base's own
 * (Azure's `api-version`) then the profile's extra ones. The SDKs take these as `defaultQuery`:
 * they append an endpoint's path to the base URL as text, so a query left in it would end up
 * before the path.
 */
export function sdkBase(baseUrl: string, c: CodeConnection): { baseUrl: string; query: [string, string][] } {
  const cut = baseUrl.search(/[?#]/);
  const head = (cut < 0 ? baseUrl : baseUrl.slice(0, cut)).trim().replace(/\/+$/, '');
  const own = cut < 0 ? [] : [...new URLSearchParams(baseUrl.slice(cut).replace(/#.*$/, ''))];
  return {
    baseUrl: head,
    query: [...own, ...(c.query ?? []).map((q): [string, string] => [q.name, q.value])],
  };
}
