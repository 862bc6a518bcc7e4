import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { Readable } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { serveMediaFile } from '../core/media/media-library';
import { JsonKeyValueStore } from '../core/storage/key-value-store';
import { originPolicy } from '../ipc/router';
import type { EmitEvent } from '../ipc/services';
import type { Subscriber } from '../ipc/stream-hub';
import type { SandboxThreadOptions } from '../sandbox/sandbox-thread';
import type { WorkerEntry } from '../core/workers/worker-pool';
import { startApp } from '../app/start-app';
import { browserDesktopActions } from './browser-desktop-actions';
import type { BridgeMessage } from '../../src-shared/ipc/bridge-protocol';
import type { Result } from '../../src-shared/result';
import { isLoopbackHost, readBridgeFrame, requestUrl } from './bridge-frames';
import { eventOutbox } from './event-outbox';

export interface WebServerOptions {
  port?: number;
  dataDir: string;
  rendererDir: string;
  version?: string;
  /** Where "save as" writes in browser mode (there is no native dialog). */
  exportDir?: string;
  sandbox?: SandboxThreadOptions;
  /** The worker threads' code (src-main/web/built-worker-entry.ts); by default the sources. */
  workerEntry?: WorkerEntry;
  /** The Sandbox thread's code, found the same way. */
  sandboxEntry?: WorkerEntry;
}

const STATIC_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * Browser mode (docs/architecture.md, "Processes"): the real main-side router, services, stores and Sandbox in one
 * Node process, with the window's API carried over a WebSocket. Loopback only; a random token
 * per launch guards the page, the socket and the media; the Origin header is checked.
 */
export async function startWebServer(opts: WebServerOptions) {
  const token = randomBytes(18).toString('base64url');
  const sockets = new Set<WebSocket>();
  // The events of one turn go out as one frame; a socket's own frames flush them first.
  const outbox = eventOutbox(() => sockets);
  const emit: EmitEvent = (name, payload) => outbox.emit(name, payload);
  // Fixed once the port is known (after listen); the sender policy reads it at call time.
  let origin = '';
  let port = 0;
  // The one composition root; a data folder that cannot be used stops here (StartupError).
  const app = await startApp(
    {
      mode: 'web',
      chooseFolderHint: '--data-dir',
      fetch: (input, init) => fetch(input, init),
      cipher: null,
      openSettings: (notices) => new JsonKeyValueStore(join(opts.dataDir, 'settings.json'), notices),
      emit,
      desktop: browserDesktopActions(opts.exportDir ?? join(opts.dataDir, 'exports')),
      mediaUrl: (rel) => `/media/${rel.split('/').map(encodeURIComponent).join('/')}?t=${token}`,
      senderPolicy: (sender) => originPolicy([origin, origin.replace('127.0.0.1', 'localhost')])(sender),
    },
    {
      dataDir: opts.dataDir,
      version: opts.version ?? '0.0.0',
      sandbox: opts.sandbox,
      ...(opts.workerEntry ? { workerEntry: opts.workerEntry } : {}),
      ...(opts.sandboxEntry ? { sandboxEntry: opts.sandboxEntry } : {}),
    },
  );
  const { services, dispatch, streams } = app;

  const server = createServer((req, res) => {
    handleHttp(req, res).catch((err) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(err));
    });
  });

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    const url = requestUrl(req.url, origin);
    if (!url) {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      return res.end('Bad request target');
    }
    if (!isLoopbackHost(req.headers.host, port)) return deny(res);
    if (url.pathname.startsWith('/media/')) {
      if (url.searchParams.get('t') !== token) return deny(res);
      let abs: string;
      try {
        abs = services.media.resolve(decodeURIComponent(url.pathname.slice('/media/'.length)));
      } catch {
        return deny(res);
      }
      const out = serveMediaFile(abs, req.headers.range ?? null);
      res.writeHead(out.status, out.headers);
      if (!out.body) return res.end();
      Readable.fromWeb(out.body as never).pipe(res);
      return;
    }
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    if (path === '/index.html' && url.searchParams.get('token') !== token) return deny(res);
    const file = normalize(join(opts.rendererDir, path));
    if (!file.startsWith(normalize(opts.rendererDir)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('Not found');
    }
    res.writeHead(200, {
      'Content-Type': STATIC_TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(readFileSync(file));
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    // A hostile target (e.g. `//[`) must not throw here: this listener is outside any catch.
    const url = requestUrl(req.url, origin);
    const allowed = [origin, origin.replace('127.0.0.1', 'localhost')];
    socket.on('error', () => socket.destroy());
    if (
      !url ||
      !isLoopbackHost(req.headers.host, port) ||
      url.pathname !== '/bridge' ||
      url.searchParams.get('token') !== token ||
      !allowed.includes(req.headers.origin ?? '')
    ) {
      socket.write('HTTP/1.1 403 Forbidden\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      const sender = { url: req.headers.origin ?? '', isMainFrame: true };
      // A closed socket is a page gone away: the calls it started are told so.
      const gone = new AbortController();
      const reply = (msg: BridgeMessage) => outbox.send(ws, msg);
      // This socket is one subscriber: a stream's events go to the socket that started it only.
      const subscriber: Subscriber = {
        send: (streamId, event, last) => reply({ type: 'stream', streamId, event, last }),
      };
      // A bad frame (or one over maxPayload) must never become an uncaught 'error' event.
      ws.on('error', () => ws.terminate());
      ws.on('message', (raw) => {
        const read = readBridgeFrame(String(raw));
        if (!read.ok) {
          reply(
            read.id === undefined
              ? { type: 'rejected', error: read.error }
              : { type: 'result', id: read.id, result: { ok: false, error: read.error } },
          );
          return;
        }
        const msg = read.frame;
        if (msg.type === 'invoke') {
          void dispatch(msg.route, msg.input, sender, gone.signal)
            .catch(internalFailure)
            .then((result) => reply({ type: 'result', id: msg.id, result }));
        } else if (msg.type === 'subscribe') {
          void streams
            .subscribe(msg.stream, msg.streamId, msg.input, sender, subscriber)
            .catch(internalFailure)
            .then((result) => reply({ type: 'result', id: msg.id, result }));
        } else if (msg.type === 'unsubscribe') {
          streams.unsubscribe(subscriber, msg.streamId);
        } else if (msg.type === 'events') {
          outbox.only(ws, msg.names);
        }
      });
      ws.on('close', () => {
        sockets.delete(ws);
        gone.abort(new Error('The page went away.'));
        // Like a closed Electron window: nobody reads this socket's streams any more.
        streams.drop(subscriber);
      });
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (err) {
    // A port in use: the folder's lock and the background work stop with the server.
    await app.dispose();
    throw err;
  }
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    services,
    app,
    /** Stops the server, then the app in its one order (src-main/app/start-app.ts). */
    async close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
      const closed = new Promise<void>((r) => server.close(() => r()));
      // An open media download would otherwise hold close() until it ends.
      server.closeAllConnections();
      await closed;
      await app.dispose();
    },
  };
}

/**
 * The routers answer every call with a Result; should one ever throw, the caller still hears
 * why, and the process does not meet an unhandled rejection.
 */
function internalFailure(err: unknown): Result<never> {
  return {
    ok: false,
    error: { code: 'internal', message: err instanceof Error ? err.message : String(err) },
  };
}

function deny(res: ServerResponse) {
  res.writeHead(403, { 'Content-Type': 'text/plain' });
  res.end('Forbidden: open the address printed by `npm run web` (it carries the access token).');
}
