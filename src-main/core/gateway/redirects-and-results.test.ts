import { afterEach, describe, expect, it } from 'vitest';
import { GatewayClient, type FetchLike } from './gateway-client';
import { downloadImage } from './images-api';
import { listModels } from './models-api';
import { loopbackServer } from './loopback-server.test-helper';
import { RequestLog } from './request-log';
import { isInternalAddress, type Lookup } from './result-address';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A loopback server that records who called it (and with which key) and answers as scripted. */
async function peer(answer: (url: string, res: import('node:http').ServerResponse) => void) {
  const seen: { url: string; auth?: string; body: string }[] = [];
  const s = await loopbackServer((req, res, body) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization, body });
    answer(req.url ?? '', res);
  });
  servers.push(s);
  return { ...s, seen };
}

const redirect = (res: import('node:http').ServerResponse, location: string, status = 302) => {
  res.writeHead(status, { Location: location });
  res.end();
};
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function client(opts: { lookup?: Lookup; fetch?: FetchLike } = {}) {
  return new GatewayClient({
    fetch: opts.fetch ?? ((u, i) => fetch(u, i)),
    log: new RequestLog(),
    sleep: async () => {},
    lookup: opts.lookup,
  });
}

describe('redirects of requests that carry the key', () => {
  it('never follows one to another origin: the other server is not even called', async () => {
    const elsewhere = await peer((_u, res) => res.end('{}'));
    const gw = await peer((_u, res) =>
      redirect(res, `${elsewhere.host.replace('127.0.0.1', 'localhost')}/v1/models`),
    );
    const err = await client()
      .json(
        { host: `${gw.host}/v1`, judgeSegment: 'p', apiKey: 'sk-secret-key-123' },
        { method: 'GET', url: `${gw.host}/v1/models` },
        { retries: 0 },
      )
      .catch((e) => e);
    expect(err.code).toBe('bad_response');
    expect(err.toAppError().details).toMatchObject({ redirect: 'other_host' });
    expect(err.message).toMatch(/never sends the key to another address/);
    expect(elsewhere.seen).toEqual([]);
  });

  it('follows a same-origin redirect of a GET, key and all', async () => {
    const gw = await peer((url, res) =>
      url === '/old/models' ? redirect(res, '/v1/models', 301) : res.end('{"data":[]}'),
    );
    const { body } = await client().json(
      { host: `${gw.host}/v1`, judgeSegment: 'p', apiKey: 'sk-secret-key-123' },
      { method: 'GET', url: `${gw.host}/old/models` },
    );
    expect(body).toEqual({ data: [] });
    expect(gw.seen.map((r) => r.auth)).toEqual(['Bearer sk-secret-key-123', 'Bearer sk-secret-key-123']);
  });

  it('follows a result file’s redirect to another origin, leaving the key and the profile’s headers behind', async () => {
    const seenTeam: (string | undefined)[] = [];
    const elsewhere = await loopbackServer((req, res) => {
      seenTeam.push(req.headers['x-team'] as string | undefined, req.headers.authorization);
      res.end('clip');
    });
    servers.push(elsewhere);
    const gw = await peer((_u, res) => redirect(res, `${elsewhere.host}/signed/v.mp4?sig=1`));
    const target = {
      host: gw.host,
      judgeSegment: 'p',
      apiKey: 'sk-secret-key-123',
      headers: { 'X-Team': 'blue' },
      secretHeaders: ['X-Team'],
    };
    const { bytes } = await client().bytes(
      target,
      { method: 'GET', url: `${gw.host}/v1/videos/v1/content` },
      { resultFile: true },
    );
    expect(Buffer.from(bytes).toString()).toBe('clip');
    expect(gw.seen.map((r) => r.auth)).toEqual(['Bearer sk-secret-key-123']);
    expect(seenTeam).toEqual([undefined, undefined]);
    // Any other keyed call still stops there.
    const err = await client()
      .bytes(target, { method: 'GET', url: `${gw.host}/v1/models` }, { retries: 0 })
      .catch((e) => e);
    expect(err.toAppError().details).toMatchObject({ redirect: 'other_host' });
    expect(seenTeam).toHaveLength(2);
  });

  it('follows a 307 of a POST with its body, and refuses a 302 that would drop it', async () => {
    const gw = await peer((url, res) => {
      if (url === '/a') return redirect(res, '/b', 307);
      if (url === '/c') return redirect(res, '/b', 302);
      res.end('{"ok":true}');
    });
    const target = { host: gw.host, judgeSegment: 'p', apiKey: 'sk-secret-key-123' };
    await client().json(target, { method: 'POST', url: `${gw.host}/a`, json: { n: 1 } });
    expect(gw.seen[1]).toMatchObject({ url: '/b', body: '{"n":1}' });
    const err = await client()
      .json(target, { method: 'POST', url: `${gw.host}/c`, json: { n: 2 } })
      .catch((e) => e);
    expect(err.toAppError().details).toMatchObject({ redirect: 'drops_body' });
    expect(gw.seen).toHaveLength(3);
  });

  it('stops after five hops', async () => {
    let n = 0;
    const gw = await peer((_u, res) => redirect(res, `/hop${++n}`));
    const err = await client()
      .json({ host: gw.host, judgeSegment: 'p' }, { method: 'GET', url: `${gw.host}/start` }, { retries: 0 })
      .catch((e) => e);
    expect(err.toAppError().details).toMatchObject({ redirect: 'too_many' });
    expect(gw.seen).toHaveLength(6);
  });
});

describe('redirects into internal addresses, key or no key', () => {
  /**
   * A gateway at a public name (gw.test, which the test's lookup answers with a public address)
   * that is really a loopback server, reached by rewriting the name in the fetch, and an
   * internal service on loopback that must never be called from it.
   */
  async function publicGatewayRedirectingTo(location: (internalHost: string) => string) {
    const internal = await peer((_u, res) => res.end('{"data":[{"id":"internal-secret-model"}]}'));
    const gw = await peer((_u, res) => redirect(res, location(internal.host)));
    const port = new URL(gw.host).port;
    const lookup: Lookup = async (host) => (host === 'gw.test' ? ['93.184.216.34'] : ['127.0.0.1']);
    const c = client({
      lookup,
      fetch: (u, i) => fetch(u.replace(`//gw.test:${port}`, `//127.0.0.1:${port}`), i),
    });
    return { internal, gw, c, host: `http://gw.test:${port}/v1` };
  }

  it('refuses a no-key model list redirected into loopback, and never calls the internal service', async () => {
    for (const to of [
      (h: string) => `${h}/v1/models`,
      (h: string) => `${h.replace('127.0.0.1', 'localhost')}/v1/models`,
    ]) {
      const { internal, gw, c, host } = await publicGatewayRedirectingTo(to);
      const err = await listModels(c, { host, judgeSegment: 'p' }, { retries: 0 }).catch((e) => e);
      expect(err.code).toBe('bad_response');
      expect(err.toAppError().details).toMatchObject({ redirect: 'internal_address' });
      expect(err.message).toMatch(/points into this computer or a private network \(127\.0\.0\.1\)/);
      expect(gw.seen).toHaveLength(1);
      expect(internal.seen).toEqual([]);
    }
  });

  it('refuses it with a key too (the other-origin rule says so first)', async () => {
    const { internal, c, host } = await publicGatewayRedirectingTo((h) => `${h}/v1/models`);
    const err = await listModels(
      c,
      { host, judgeSegment: 'p', apiKey: 'sk-secret-key-123' },
      { retries: 0 },
    ).catch((e) => e);
    expect(err.toAppError().details).toMatchObject({ redirect: 'other_host' });
    expect(internal.seen).toEqual([]);
  });

  it('refuses cloud metadata and private ranges from a public gateway, before connecting', async () => {
    const called: string[] = [];
    const fake: FetchLike = async (url) => {
      called.push(url);
      return url.startsWith('https://gateway.example/')
        ? new Response(null, { status: 302, headers: { Location: next } })
        : new Response('{"data":[]}');
    };
    let next = '';
    const c = client({ fetch: fake, lookup: async () => ['93.184.216.34'] });
    for (const to of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.7/v1/models',
      'http://[::1]:8080/x',
      'http://127.0.0.2/x',
    ]) {
      next = to;
      called.length = 0;
      const err = await listModels(
        c,
        { host: 'https://gateway.example/v1', judgeSegment: 'p' },
        { retries: 0 },
      ).catch((e) => e);
      expect(err.toAppError?.().details, to).toMatchObject({ redirect: 'internal_address' });
      expect(called, to).toEqual(['https://gateway.example/v1/models']);
    }
  });

  it('follows one when the profile’s own host is internal (a gateway on this machine)', async () => {
    const internal = await peer((_u, res) => res.end('{"data":[{"id":"m1"}]}'));
    const gw = await peer((_u, res) => redirect(res, `${internal.host}/v1/models`));
    const models = await listModels(client(), { host: `${gw.host}/v1`, judgeSegment: 'p' });
    expect(models.map((m) => m.id)).toEqual(['m1']);
    expect(internal.seen).toHaveLength(1);
  });

  it('follows a public gateway’s redirect to another public address when no key is sent', async () => {
    const called: string[] = [];
    const fake: FetchLike = async (url) => {
      called.push(url);
      return url.startsWith('https://gateway.example/')
        ? new Response(null, { status: 302, headers: { Location: 'https://models.example/list' } })
        : new Response('{"data":[{"id":"m2"}]}');
    };
    const c = client({ fetch: fake, lookup: async () => ['93.184.216.34'] });
    const models = await listModels(c, { host: 'https://gateway.example/v1', judgeSegment: 'p' });
    expect(models.map((m) => m.id)).toEqual(['m2']);
    expect(called).toEqual(['https://gateway.example/v1/models', 'https://models.example/list']);
  });

  it('refuses a redirect to file: or javascript:, naming the scheme, key or no key', async () => {
    for (const [location, scheme] of [
      ['file:///etc/passwd', 'file:'],
      ['javascript:alert(1)', 'javascript:'],
      ['data:text/plain,hi', 'data:'],
    ]) {
      for (const apiKey of [undefined, 'sk-secret-key-123']) {
        const gw = await peer((_u, res) => redirect(res, location));
        const err = await listModels(
          client(),
          { host: `${gw.host}/v1`, judgeSegment: 'p', apiKey },
          { retries: 0 },
        ).catch((e) => e);
        expect(err.code, location).toBe('bad_response');
        expect(err.toAppError().details, location).toMatchObject({ redirect: 'scheme', scheme });
        expect(err.message, location).toContain(`redirected to a ${scheme} address (${location})`);
        expect(err.message, location).not.toMatch(/redirected to ;/);
      }
    }
  });
});

describe('result addresses (SSRF)', () => {
  it('refuses a result on another name for this machine, before connecting', async () => {
    const internal = await peer((_u, res) => res.end(png));
    const gw = await peer((_u, res) => res.end('{}'));
    const other = internal.host.replace('127.0.0.1', 'localhost');
    const err = await downloadImage(
      client(),
      { host: `${gw.host}/v1`, judgeSegment: 'p' },
      `${other}/secret.png`,
    ).catch((e) => e);
    expect(err.toAppError().details).toMatchObject({ reason: 'internal_address' });
    expect(err.message).toMatch(/points into a local or private network/);
    expect(internal.seen).toEqual([]);
  });

  it('refuses a redirect from the gateway’s host into an internal service', async () => {
    const internal = await peer((_u, res) => res.end(png));
    const gw = await peer((_u, res) =>
      redirect(res, `${internal.host.replace('127.0.0.1', 'localhost')}/admin`),
    );
    const err = await downloadImage(
      client(),
      { host: gw.host, judgeSegment: 'p' },
      `${gw.host}/result.png`,
    ).catch((e) => e);
    expect(err.toAppError().details).toMatchObject({ reason: 'internal_address' });
    expect(gw.seen).toHaveLength(1);
    expect(internal.seen).toEqual([]);
  });

  it('refuses cloud metadata and names that resolve inward, and fetches public ones', async () => {
    const called: string[] = [];
    const fake: FetchLike = async (url) => {
      called.push(url);
      return new Response(png, { headers: { 'Content-Type': 'image/png' } });
    };
    const lookup: Lookup = async (host) =>
      host === 'inward.example' ? ['93.184.216.34', '10.1.2.3'] : ['93.184.216.34'];
    const c = client({ fetch: fake, lookup });
    const target = { host: 'https://gateway.example/v1', judgeSegment: 'p' };
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://inward.example/a.png',
      'http://[::1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
    ]) {
      const err = await downloadImage(c, target, url).catch((e) => e);
      expect(err.toAppError?.().details, url).toMatchObject({ reason: 'internal_address' });
    }
    expect(called).toEqual([]);
    await downloadImage(c, target, 'https://cdn.example/a.png');
    expect(called).toEqual(['https://cdn.example/a.png']);
  });

  it('knows which addresses are internal', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.5',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    // 198.18.0.0/15 is where fake-IP proxies answer every public name: never refused.
    for (const a of ['93.184.216.34', '8.8.8.8', '198.18.0.7', '2606:4700::1111', '172.32.0.1']) {
      expect(isInternalAddress(a), a).toBe(false);
    }
  });
});
