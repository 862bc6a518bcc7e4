import { afterEach, describe, expect, it } from 'vitest';
import { type FetchLike, GatewayClient } from './gateway-client';
import type { GatewayError } from './gateway-error';
import { NetworkFetch } from './network-fetch';
import { httpGateway, httpProxy, httpsGateway, socks5Proxy, TEST_CA_PEM } from './network-peers.test-helper';
import type { NetworkRoute, SystemProxy } from './network-route';
import { RequestLog } from './request-log';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function peer<T extends { close(): Promise<void> }>(made: Promise<T>): Promise<T> {
  const p = await made;
  closers.push(() => p.close());
  return p;
}

/**
 * The client as services.ts builds it: the platform's fetch (counted) and a NetworkFetch.
 * `electron`: the platform's fetch follows the system by itself, as Electron's network stack does.
 */
function client(opts: { electron?: boolean; systemProxy?: SystemProxy } = {}) {
  let platformCalls = 0;
  const asked: string[] = [];
  const systemFetch: FetchLike = (u, i) => {
    platformCalls++;
    return fetch(u, i);
  };
  const network = new NetworkFetch({
    systemFetch,
    systemFetchFollowsSystem: opts.electron ?? false,
    systemProxy: async (url) => {
      asked.push(url);
      return opts.systemProxy?.(url);
    },
  });
  closers.push(() => network.close());
  const c = new GatewayClient({
    fetch: systemFetch,
    fetchFor: (route) => network.fetchFor(route),
    log: new RequestLog(),
    sleep: async () => {},
  });
  const models = (origin: string, network?: NetworkRoute) =>
    c.json(
      { host: origin, judgeSegment: 'p', network },
      { method: 'GET', url: `${origin}/v1/models` },
      { retries: 0 },
    );
  return { models, platformCalls: () => platformCalls, systemProxyAsked: asked };
}

describe('a profile with certificates of its own', () => {
  it('refuses a gateway signed by an unknown authority, naming the problem and the setting', async () => {
    const gw = await peer(httpsGateway());
    const err = (await client()
      .models(gw.origin)
      .catch((e: unknown) => e)) as GatewayError;
    expect(err.code).toBe('network');
    expect(err.extra).toMatchObject({ reason: 'tls', tlsProblem: 'untrusted', host: `127.0.0.1:${gw.port}` });
    expect(err.message).toContain('signed by an authority this machine does not trust');
    expect(err.message).toContain('Settings → Network → Trusted certificates');
    expect(gw.seen).toHaveLength(0);
  });

  it('reaches that gateway once the company CA is trusted, besides the usual authorities', async () => {
    const gw = await peer(httpsGateway());
    const { body } = await client().models(gw.origin, { ca: [TEST_CA_PEM] });
    expect(body).toMatchObject({ path: '/v1/models' });
    expect(gw.seen).toHaveLength(1);
  });

  it('in the desktop app, keeps the system proxy (asked of Chromium) when certificates are added', async () => {
    const gw = await peer(httpsGateway());
    const proxy = await peer(httpProxy());
    const c = client({ electron: true, systemProxy: async () => proxy.url });
    await c.models(gw.origin, { ca: [TEST_CA_PEM] });
    expect(c.systemProxyAsked).toEqual([`${gw.origin}/v1/models`]);
    expect(proxy.asked).toEqual([{ method: 'CONNECT', target: `127.0.0.1:${gw.port}`, auth: undefined }]);
    expect(c.platformCalls()).toBe(0);
  });
});

describe('a profile with a proxy of its own', () => {
  it('tunnels HTTPS through an HTTP proxy with CONNECT', async () => {
    const gw = await peer(httpsGateway());
    const proxy = await peer(httpProxy());
    await client().models(gw.origin, { proxy: { mode: 'url', url: proxy.url }, ca: [TEST_CA_PEM] });
    expect(proxy.asked).toEqual([{ method: 'CONNECT', target: `127.0.0.1:${gw.port}`, auth: undefined }]);
    expect(gw.seen).toHaveLength(1);
  });

  it('sends the proxy its user and password as Basic credentials', async () => {
    const gw = await peer(httpGateway());
    const proxy = await peer(httpProxy({ credentials: { user: 'ann', password: 'p@ss word' } }));
    const url = `http://ann:${encodeURIComponent('p@ss word')}@127.0.0.1:${proxy.port}`;
    await client().models(gw.origin, { proxy: { mode: 'url', url } });
    expect(proxy.asked.map((a) => a.auth)).toEqual([
      `Basic ${Buffer.from('ann:p@ss word').toString('base64')}`,
    ]);
    expect(gw.seen).toHaveLength(1);
  });

  it('says the proxy refused the credentials, and never shows the password', async () => {
    const gw = await peer(httpGateway());
    const proxy = await peer(httpProxy({ credentials: { user: 'ann', password: 'right' } }));
    const url = `http://ann:wrong-canary@127.0.0.1:${proxy.port}`;
    const err = (await client()
      .models(gw.origin, { proxy: { mode: 'url', url } })
      .catch((e: unknown) => e)) as GatewayError;
    expect(err.extra).toMatchObject({ reason: 'proxy', proxy: `http://127.0.0.1:${proxy.port}` });
    expect(err.message).toContain(`The proxy http://127.0.0.1:${proxy.port} could not take the request`);
    expect(JSON.stringify(err.toAppError())).not.toContain('wrong-canary');
    expect(gw.seen).toHaveLength(0);
  });

  it('blames a proxy that is not running on the proxy, not on the gateway', async () => {
    const gw = await peer(httpGateway());
    const stopped = await httpProxy();
    await stopped.close();
    const err = (await client()
      .models(gw.origin, { proxy: { mode: 'url', url: stopped.url } })
      .catch((e: unknown) => e)) as GatewayError;
    expect(err.extra).toMatchObject({ reason: 'proxy', proxy: stopped.url });
    expect(err.message).toContain('Settings → Network');
  });

  it('goes through a SOCKS5 proxy, with a user and password', async () => {
    const gw = await peer(httpGateway());
    const socks = await peer(socks5Proxy({ credentials: { user: 'bo', password: 'secret' } }));
    await client().models(gw.origin, {
      proxy: { mode: 'url', url: `socks5://bo:secret@127.0.0.1:${socks.port}` },
    });
    expect(socks.asked).toEqual([{ target: `127.0.0.1:${gw.port}`, user: 'bo' }]);
    expect(gw.seen).toHaveLength(1);
  });

  it('reaches an HTTPS gateway with a company CA through SOCKS5', async () => {
    const gw = await peer(httpsGateway());
    const socks = await peer(socks5Proxy());
    await client().models(gw.origin, { proxy: { mode: 'url', url: socks.url }, ca: [TEST_CA_PEM] });
    expect(socks.asked).toEqual([{ target: `127.0.0.1:${gw.port}`, user: undefined }]);
    expect(gw.seen).toHaveLength(1);
  });
});

describe('the system proxy and no proxy', () => {
  it('in the desktop app, leaves a default profile to the platform fetch (OS proxy and store)', async () => {
    const gw = await peer(httpGateway());
    const c = client({ electron: true, systemProxy: async () => 'http://127.0.0.1:9' });
    await c.models(gw.origin);
    expect(c.platformCalls()).toBe(1);
    expect(c.systemProxyAsked).toEqual([]);
  });

  it('in browser mode, applies the proxy the environment names', async () => {
    const gw = await peer(httpGateway());
    const proxy = await peer(httpProxy());
    const c = client({ systemProxy: async () => proxy.url });
    await c.models(gw.origin);
    expect(proxy.asked.map((a) => a.target)).toEqual([`127.0.0.1:${gw.port}`]);
    expect(c.platformCalls()).toBe(0);
  });

  it('in browser mode with no proxy in the environment, uses the platform fetch', async () => {
    const gw = await peer(httpGateway());
    const c = client();
    await c.models(gw.origin);
    expect(c.platformCalls()).toBe(1);
  });

  it('"No proxy" goes direct without asking for the system proxy', async () => {
    const gw = await peer(httpGateway());
    const proxy = await peer(httpProxy());
    const c = client({ electron: true, systemProxy: async () => proxy.url });
    await c.models(gw.origin, { proxy: { mode: 'direct' } });
    expect(c.systemProxyAsked).toEqual([]);
    expect(proxy.asked).toEqual([]);
    expect(c.platformCalls()).toBe(0);
    expect(gw.seen).toHaveLength(1);
  });
});
