import type { ProxySetting } from '../../../src-shared/profiles/profile-network';

/**
 * How one profile's calls reach the network (docs/architecture.md, "Proxy and certificates"):
 * its proxy (a url one with the password from the vault) and extra trusted CA certificates.
 * Absent: the machine's own proxy and the usual authorities.
 */
export interface NetworkRoute {
  proxy?: ProxySetting;
  /** PEM text of extra certificate authorities, trusted besides the usual ones. */
  ca?: string[];
}

/** The machine's proxy for an address: a proxy URL, or undefined to go direct. */
export type SystemProxy = (url: string) => Promise<string | undefined>;

/** This machine's own addresses, which never go through the system's proxy (as in Chromium). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * The proxy the environment names for an address, as curl and most tools read it:
 * HTTPS_PROXY / HTTP_PROXY by scheme, then ALL_PROXY, lower case first; NO_PROXY lists hosts
 * (or `.suffixes`, or `*`) that go direct, and loopback always does.
 */
export function envProxyFor(env: Record<string, string | undefined>, url: string): string | undefined {
  const read = (name: string) => env[name.toLowerCase()] || env[name.toUpperCase()] || undefined;
  const u = new URL(url);
  if (isLoopbackHost(u.hostname)) return undefined;
  const noProxy = (read('no_proxy') ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const host = u.hostname.toLowerCase();
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  for (const entry of noProxy) {
    if (entry === '*') return undefined;
    const [name, entryPort] = entry.split(':');
    if (entryPort && entryPort !== port) continue;
    const bare = name!.replace(/^\*?\./, '');
    if (host === bare || host.endsWith(`.${bare}`)) return undefined;
  }
  const proxy = (u.protocol === 'https:' ? read('https_proxy') : read('http_proxy')) ?? read('all_proxy');
  if (!proxy) return undefined;
  // `proxy.example.com:3128` without a scheme is an http proxy, as curl reads it.
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
}

/**
 * The first usable entry of a PAC result as Chromium's `session.resolveProxy` gives it
 * ("PROXY host:port; DIRECT"), as a proxy URL; DIRECT (or nothing usable) is undefined.
 */
export function proxyFromPac(pac: string): string | undefined {
  for (const entry of pac.split(';')) {
    const [kind, where] = entry.trim().split(/\s+/);
    if (!kind) continue;
    const k = kind.toUpperCase();
    if (k === 'DIRECT') return undefined;
    if (!where) continue;
    if (k === 'PROXY' || k === 'HTTP') return `http://${where}`;
    if (k === 'HTTPS') return `https://${where}`;
    if (k === 'SOCKS' || k === 'SOCKS5') return `socks5://${where}`;
  }
  return undefined;
}
