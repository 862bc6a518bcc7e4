import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  type AddressInfo,
  connect,
  createServer as createTcpServer,
  type Server,
  type Socket,
} from 'node:net';
import { join } from 'node:path';

/**
 * Peers for the proxy and certificate tests, written from the protocols (RFC 9110 CONNECT,
 * RFC 1928/1929 SOCKS5), not from Gatehouse's client: a company CA, an HTTPS gateway whose
 * certificate it signed, an HTTP proxy and a SOCKS5 proxy that record what they were asked.
 * The certificates in src-main/test-support/tls were made for these tests only (valid to 2126).
 */
const TLS_DIR = join(__dirname, '../../test-support/tls');
export const TEST_CA_PEM = readFileSync(join(TLS_DIR, 'test-ca.pem'), 'utf8');
export const SERVER_CERT_PEM = readFileSync(join(TLS_DIR, 'server-cert.pem'), 'utf8');
const SERVER_KEY_PEM = readFileSync(join(TLS_DIR, 'server-key.pem'), 'utf8');

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const jsonOk: Handler = (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ object: 'list', data: [{ id: 'through', object: 'model' }], path: req.url }));
};

function closer(server: Server, sockets: Set<Socket>) {
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

function tracked(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return sockets;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as AddressInfo).port;
}

/** A gateway over HTTPS whose certificate (for 127.0.0.1 and localhost) the test CA signed. */
export async function httpsGateway(handler: Handler = jsonOk) {
  const seen: { url?: string; headers: IncomingMessage['headers'] }[] = [];
  const server = createHttpsServer({ key: SERVER_KEY_PEM, cert: SERVER_CERT_PEM }, (req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    handler(req, res);
  });
  const sockets = tracked(server);
  const port = await listen(server);
  return { origin: `https://127.0.0.1:${port}`, port, seen, close: closer(server, sockets) };
}

/** A plain HTTP gateway. */
export async function httpGateway(handler: Handler = jsonOk) {
  const seen: { url?: string; headers: IncomingMessage['headers'] }[] = [];
  const server = createHttpServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    handler(req, res);
  });
  const sockets = tracked(server);
  const port = await listen(server);
  return { origin: `http://127.0.0.1:${port}`, port, seen, close: closer(server, sockets) };
}

/**
 * An HTTP proxy that tunnels CONNECT (and forwards absolute-form requests), optionally asking for
 * Basic credentials with 407. It records each request's target and Proxy-Authorization.
 */
export async function httpProxy(opts: { credentials?: { user: string; password: string } } = {}) {
  const asked: { method: string; target: string; auth?: string }[] = [];
  const expected = opts.credentials
    ? `Basic ${Buffer.from(`${opts.credentials.user}:${opts.credentials.password}`).toString('base64')}`
    : undefined;
  const server = createHttpServer((req, res) => {
    // Absolute-form: GET http://host/path.
    asked.push({ method: req.method ?? '', target: req.url ?? '', auth: req.headers['proxy-authorization'] });
    if (expected && req.headers['proxy-authorization'] !== expected) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    const upstream = connect(Number(target.port || 80), target.hostname, () => {
      const headers = Object.entries(req.headers)
        .filter(([k]) => k !== 'proxy-authorization')
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join('\r\n');
      upstream.write(`${req.method} ${target.pathname}${target.search} HTTP/1.1\r\n${headers}\r\n\r\n`);
      req.pipe(upstream);
      upstream.pipe(res.socket!);
    });
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    asked.push({ method: 'CONNECT', target: req.url ?? '', auth: req.headers['proxy-authorization'] });
    if (expected && req.headers['proxy-authorization'] !== expected) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const sockets = tracked(server);
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, port, asked, close: closer(server, sockets) };
}

/** A SOCKS5 proxy (CONNECT only), with no authentication or username/password (RFC 1929). */
export async function socks5Proxy(opts: { credentials?: { user: string; password: string } } = {}) {
  const asked: { target: string; user?: string }[] = [];
  const server = createTcpServer((client) => {
    let stage: 'greeting' | 'auth' | 'request' = 'greeting';
    let user: string | undefined;
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (stage === 'greeting') {
        if (buffered.length < 2 || buffered.length < 2 + buffered[1]!) return;
        const methods = [...buffered.subarray(2, 2 + buffered[1]!)];
        buffered = buffered.subarray(2 + buffered[1]!);
        const want = opts.credentials ? 0x02 : 0x00;
        if (!methods.includes(want)) return void client.end(Buffer.from([0x05, 0xff]));
        client.write(Buffer.from([0x05, want]));
        stage = opts.credentials ? 'auth' : 'request';
      }
      if (stage === 'auth') {
        if (buffered.length < 2) return;
        const ulen = buffered[1]!;
        if (buffered.length < 3 + ulen) return;
        const plen = buffered[2 + ulen]!;
        if (buffered.length < 3 + ulen + plen) return;
        user = buffered.subarray(2, 2 + ulen).toString();
        const password = buffered.subarray(3 + ulen, 3 + ulen + plen).toString();
        buffered = buffered.subarray(3 + ulen + plen);
        const ok = user === opts.credentials!.user && password === opts.credentials!.password;
        client.write(Buffer.from([0x01, ok ? 0x00 : 0x01]));
        if (!ok) return void client.end();
        stage = 'request';
      }
      if (stage === 'request') {
        if (buffered.length < 5) return;
        const atyp = buffered[3]!;
        let host: string;
        let at: number;
        if (atyp === 0x01) {
          if (buffered.length < 10) return;
          host = [...buffered.subarray(4, 8)].join('.');
          at = 8;
        } else if (atyp === 0x03) {
          const len = buffered[4]!;
          if (buffered.length < 5 + len + 2) return;
          host = buffered.subarray(5, 5 + len).toString();
          at = 5 + len;
        } else return void client.end(Buffer.from([0x05, 0x08, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
        const port = buffered.readUInt16BE(at);
        const rest = buffered.subarray(at + 2);
        client.off('data', onData);
        asked.push({ target: `${host}:${port}`, user });
        const upstream = connect(port, host, () => {
          client.write(Buffer.from([0x05, 0x00, 0x00, 0x01, 127, 0, 0, 1, 0, 0]));
          if (rest.length) upstream.write(rest);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => client.end(Buffer.from([0x05, 0x05, 0x00, 0x01, 0, 0, 0, 0, 0, 0])));
      }
    };
    client.on('data', onData);
    client.on('error', () => undefined);
  });
  const sockets = tracked(server);
  const port = await listen(server);
  return { url: `socks5://127.0.0.1:${port}`, port, asked, close: closer(server, sockets) };
}
