import { normalizeHost } from '../../../src-shared/request/gateway-address';
import {
  endpointAt,
  profileAddresses,
  type QueryPair,
  withQuery,
} from '../../../src-shared/profiles/profile-address';
import type { AuthScheme } from '../../../src-shared/profiles/profile';
import type { NetworkRoute } from './network-route';

export { normalizeHost };

/**
 * Where and how a profile's calls go (docs/architecture.md, "Profiles and addresses"). `host` is
 * the gateway's own origin (redirects and relative result links are judged against it); the
 * addresses default to the spec's `{host}/v1` and `{host}/{segment}/v1/systemone`.
 */
export interface GatewayTarget {
  host: string;
  judgeSegment: string;
  apiKey?: string;
  /** The OpenAI-style base, used as typed (src-shared/profiles/profile-address.ts). */
  baseUrl?: string;
  /** The judgement endpoint. */
  judgeUrl?: string;
  /** How the key is sent; absent is `Authorization: Bearer`. */
  auth?: AuthScheme;
  /** The profile's extra headers, secret values included (main only). */
  headers?: Record<string, string>;
  /** Header names whose values are secret: never logged. */
  secretHeaders?: string[];
  /** Extra query parameters on every call. */
  query?: QueryPair[];
  /** The profile's proxy and extra trusted certificates (main only: a proxy password may be in it). */
  network?: NetworkRoute;
}

export function apiUrl(target: GatewayTarget, path: string): string {
  return endpointAt(profileAddresses(target).baseUrl, path, target.query);
}

export function judgeUrl(target: GatewayTarget): string {
  return withQuery(profileAddresses(target).judgeUrl, target.query);
}

/** The origin of the profile's base URL: the one origin its key and headers are sent to. */
export function gatewayOrigin(target: GatewayTarget): string | undefined {
  try {
    return new URL(profileAddresses(target).baseUrl).origin;
  } catch {
    return undefined;
  }
}

/**
 * The target to fetch an address a reply named (a result file, fal's `response_url`) with. On the
 * origin of the profile's base URL it is the gateway: the profile's own key, headers and auth
 * scheme go, as on any call there. Any other origin (a signed CDN link, a vendor's own host)
 * gets neither the key nor any of the profile's headers, which may hold secrets too
 * (docs/architecture.md, "Video tasks").
 */
export function targetFor(target: GatewayTarget, address: string): GatewayTarget {
  let origin: string | undefined;
  try {
    origin = new URL(address).origin;
  } catch {
    origin = undefined;
  }
  if (origin !== undefined && origin === gatewayOrigin(target)) return target;
  // Still through the profile's proxy and CAs: a company network reaches a CDN the same way.
  return {
    host: target.host,
    judgeSegment: target.judgeSegment,
    baseUrl: target.baseUrl,
    network: target.network,
  };
}

/** The headers that carry the key for this target's auth scheme. */
export function authHeaders(target: GatewayTarget): Record<string, string> {
  if (!target.apiKey) return {};
  const auth = target.auth ?? { scheme: 'bearer' };
  if (auth.scheme === 'none') return {};
  if (auth.scheme === 'header') return { [auth.header]: target.apiKey };
  return { Authorization: `Bearer ${target.apiKey}` };
}

/** `sk-…abcd`: enough to tell keys apart, never enough to use one. */
export function keyHint(key: string): string {
  return `${key.startsWith('sk-') ? 'sk-' : ''}…${key.slice(-4)}`;
}
