/**
 * A profile's host may be typed as `https://h`, `https://h/`, `https://h/v1` or `https://h/v1/`.
 * The OpenAI-style endpoints live under `{host}/v1`; the judgement endpoint under
 * `{host}/<segment>/v1/systemone` on the same host.
 */
export interface GatewayTarget {
  host: string;
  judgeSegment: string;
  apiKey?: string;
}

export function normalizeHost(input: string): string {
  let url = input.trim().replace(/\/+$/, '');
  if (/\/v1$/i.test(url)) url = url.slice(0, -3);
  return url.replace(/\/+$/, '');
}

export function apiUrl(target: GatewayTarget, path: string): string {
  return `${normalizeHost(target.host)}/v1/${path.replace(/^\/+/, '')}`;
}

export function judgeUrl(target: GatewayTarget): string {
  const segment = target.judgeSegment.replace(/^\/+|\/+$/g, '') || 'partner';
  return `${normalizeHost(target.host)}/${segment}/v1/systemone`;
}

/** `sk-…abcd`: enough to tell keys apart, never enough to use one. */
export function keyHint(key: string): string {
  return `${key.startsWith('sk-') ? 'sk-' : ''}…${key.slice(-4)}`;
}
