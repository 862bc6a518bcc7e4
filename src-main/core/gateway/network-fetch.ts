import * as tls from 'node:tls';
import { Agent, type Dispatcher, ProxyAgent, fetch as undiciFetch } from 'undici';
import type { FetchLike } from './gateway-client';
import type { NetworkRoute, SystemProxy } from './network-route';

export interface NetworkFetchOptions {
  /** The platform's own fetch: Electron's network stack in the app, Node's in browser mode. */
  systemFetch: FetchLike;
  /**
   * True when `systemFetch` already follows the machine's proxy and certificate store (Electron's
   * network stack does); false when the system's proxy must be applied here (Node's fetch).
   */
  systemFetchFollowsSystem: boolean;
  /** The machine's proxy for an address (Chromium's resolver, or the environment). */
  systemProxy: SystemProxy;
}

/** Dispatchers kept for reuse (their connections are pooled); the oldest is closed past this. */
const MAX_DISPATCHERS = 8;

/**
 * Picks how each call goes out for a profile's network settings (docs/architecture.md, "Proxy and
 * certificates"). The platform's fetch serves the default; a proxy of the profile's own, "no
 * proxy", or extra certificate authorities go through undici, which Node itself uses for fetch
 * and which can take a proxy (HTTP CONNECT or SOCKS5) and a CA list per dispatcher.
 */
export class NetworkFetch {
  private readonly dispatchers = new Map<string, Dispatcher>();
  private roots: string[] | undefined;

  constructor(private readonly opts: NetworkFetchOptions) {}

  fetchFor(route: NetworkRoute | undefined): FetchLike {
    const mode = route?.proxy?.mode ?? 'system';
    const ca = route?.ca ?? [];
    if (mode === 'system' && ca.length === 0 && this.opts.systemFetchFollowsSystem)
      return this.opts.systemFetch;
    return async (url, init) => {
      const proxy =
        route?.proxy?.mode === 'url'
          ? route.proxy.url
          : mode === 'system'
            ? await this.opts.systemProxy(url)
            : undefined;
      if (!proxy && ca.length === 0 && mode === 'system') return this.opts.systemFetch(url, init);
      const dispatcher = this.dispatcher(proxy, ca);
      // undici's Response is the WHATWG one Node's own fetch returns; only the class differs.
      return (await undiciFetch(url, { ...(init as object), dispatcher })) as unknown as Response;
    };
  }

  /** Closes the pooled connections (on shutdown). */
  async close(): Promise<void> {
    const all = [...this.dispatchers.values()];
    this.dispatchers.clear();
    await Promise.all(all.map((d) => d.close().catch(() => undefined)));
  }

  private dispatcher(proxy: string | undefined, extraCa: string[]): Dispatcher {
    const key = JSON.stringify([proxy ?? '', extraCa]);
    const kept = this.dispatchers.get(key);
    if (kept) return kept;
    // Extra authorities are trusted besides the usual ones: Node's list and, where Node can read
    // it, the machine's own store (what Electron's network stack would have trusted).
    const ca = extraCa.length ? [...this.usualRoots(), ...extraCa] : undefined;
    // `proxyTls` only for an https:// proxy: undici reads its presence as "the proxy speaks TLS".
    const proxyTls = ca && proxy?.startsWith('https:') ? { proxyTls: { ca } } : {};
    const made = proxy
      ? new ProxyAgent({ uri: proxy, ...(ca ? { requestTls: { ca } } : {}), ...proxyTls })
      : new Agent(ca ? { connect: { ca } } : {});
    this.dispatchers.set(key, made);
    if (this.dispatchers.size > MAX_DISPATCHERS) {
      const [oldestKey, oldest] = this.dispatchers.entries().next().value!;
      this.dispatchers.delete(oldestKey);
      void oldest.close().catch(() => undefined);
    }
    return made;
  }

  private usualRoots(): string[] {
    if (this.roots) return this.roots;
    const read = (tls as { getCACertificates?: (type: string) => string[] }).getCACertificates;
    let roots = [...tls.rootCertificates];
    if (read) {
      try {
        roots = [...new Set([...read('default'), ...read('system')])];
      } catch {
        // A machine whose store cannot be read still trusts Node's own list.
      }
    }
    this.roots = roots;
    return roots;
  }
}
