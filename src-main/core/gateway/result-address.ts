import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import { GatewayError } from './gateway-error';

/** The addresses a host name resolves to (all of them: one private answer is enough to refuse). */
export type Lookup = (hostname: string) => Promise<string[]>;

export const systemLookup: Lookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Where a result address (an image or video the gateway made, and every redirect on the way to
 * it) must not point: this machine, the private networks around it, link-local addresses (cloud
 * metadata at 169.254.169.254 among them). Not 198.18.0.0/15: proxies in "fake-IP" mode answer
 * every public name from there. See docs/architecture.md, "Security in one place".
 */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv6');
}

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INTERNAL.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Refuses a result address on an internal network unless it is on the gateway's own host (the
 * Sandbox and a gateway on this machine or network serve their results there, perhaps from
 * another port). Another name for the same machine (`localhost` for 127.0.0.1) is refused. A name that does not
 * resolve here is let through: the request then fails, or a proxy resolves it elsewhere.
 */
export async function refuseInternalResult(
  url: URL,
  gatewayHostname: string | undefined,
  lookup: Lookup,
): Promise<GatewayError | undefined> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return new GatewayError(
      'bad_response',
      `The result address uses ${url.protocol}, which Gatehouse does not fetch.`,
    );
  }
  if (gatewayHostname && url.hostname === gatewayHostname) return undefined;
  const internal = await internalAddressOf(url, lookup);
  if (!internal) return undefined;
  return new GatewayError(
    'bad_response',
    `The result address ${url.host} points into a local or private network (${internal}); Gatehouse fetches results there only from the gateway's own host.`,
    undefined,
    undefined,
    undefined,
    { reason: 'internal_address', host: url.host },
  );
}

/**
 * Whether the profile's own host is on an internal network (this machine, a private or link-local
 * address, or a name that resolves to one): only then may a gateway call be redirected into
 * such a network. A name that does not resolve here counts as outside (the request then went
 * through a proxy, and an internal redirect from it is refused).
 */
export async function isInternalHost(hostname: string | undefined, lookup: Lookup): Promise<boolean> {
  if (!hostname) return false;
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || /^::ffff:/i.test(host)) return isInternalAddress(host);
  try {
    return (await lookup(host)).some(isInternalAddress);
  } catch {
    return false;
  }
}

/**
 * Refuses a gateway call's redirect into this machine or a private or link-local network when
 * the profile's own host is not on one (docs/architecture.md, "Security in one place"): a
 * public gateway, key or no key, must not be able to make Gatehouse read an internal service
 * and show the answer. `gatewayInternal` is isInternalHost of the profile's host.
 */
export async function refuseInternalRedirect(
  next: URL,
  gatewayInternal: boolean,
  lookup: Lookup,
  status: number,
): Promise<GatewayError | undefined> {
  if (gatewayInternal) return undefined;
  const internal = await internalAddressOf(next, lookup);
  if (!internal) return undefined;
  return new GatewayError(
    'bad_response',
    `The gateway redirected to ${next.host}, which points into this computer or a private network (${internal}); Gatehouse follows redirects there only when the profile's own address is on such a network, so it stopped. Check the gateway address in the profile.`,
    status,
    undefined,
    undefined,
    { redirect: 'internal_address', host: next.host },
  );
}

/**
 * The first loopback, private or link-local address the URL's host is or resolves to, if any. A
 * name that does not resolve is left to the request itself, which then fails as unreachable.
 */
async function internalAddressOf(url: URL, lookup: Lookup): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host) || /^::ffff:/i.test(host)) addresses = [host];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      return undefined;
    }
  }
  return addresses.find(isInternalAddress);
}
