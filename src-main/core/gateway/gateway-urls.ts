import { judgeEndpoint, normalizeHost } from '../../../src-shared/request/gateway-address';

export { normalizeHost };

/** Where a profile's endpoints are: see src-shared/request/gateway-address.ts. */
export interface GatewayTarget {
  host: string;
  judgeSegment: string;
  apiKey?: string;
}

export function apiUrl(target: GatewayTarget, path: string): string {
  return `${normalizeHost(target.host)}/v1/${path.replace(/^\/+/, '')}`;
}

export function judgeUrl(target: GatewayTarget): string {
  return judgeEndpoint(target.host, target.judgeSegment);
}

/** `sk-…abcd`: enough to tell keys apart, never enough to use one. */
export function keyHint(key: string): string {
  return `${key.startsWith('sk-') ? 'sk-' : ''}…${key.slice(-4)}`;
}
