import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The wild gateway: a loopback server for the project's own tests that answers the way gateways
 * seen in the field do (reasoning models, HTTP-200 error envelopes, reshaped video tasks, System
 * One-style judge errors). Unlike the Sandbox it is not friendly and shares no code with the app
 * or the Sandbox: each behaviour is written from how real services answer, so a test against it
 * fails when the app's client misreads one. Behaviours live in one module per endpoint family.
 */
export interface WildRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The raw body, and its JSON when it parses (undefined otherwise). */
  text: string;
  json: unknown;
}

export interface WildRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** A whole path (`/v1/models`) or a pattern whose named groups become `params`. */
  path: string | RegExp;
  handle(req: WildRequest, res: ServerResponse, params: Record<string, string>): void | Promise<void>;
}

export interface WildGateway {
  /** `http://127.0.0.1:<port>`: give `${origin}/v1` to the app as a base URL. */
  origin: string;
  /** Every request seen, oldest first, for assertions on what the app sent. */
  requests: WildRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function match(route: WildRoute, method: string, path: string): Record<string, string> | undefined {
  if (route.method !== method) return undefined;
  if (typeof route.path === 'string') return route.path === path ? {} : undefined;
  const m = route.path.exec(path);
  return m && m[0] === path ? { ...(m.groups ?? {}) } : undefined;
}

/** Starts on a random loopback port; unknown paths answer 404 with a plain-text body. */
export async function startWildGateway(routes: WildRoute[]): Promise<WildGateway> {
  const requests: WildRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://wild.invalid');
      const text = await readBody(req);
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const wreq: WildRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        text,
        json,
      };
      requests.push(wreq);
      for (const route of routes) {
        const params = match(route, wreq.method, wreq.path);
        if (params) return route.handle(wreq, res, params);
      }
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`no wild behaviour at ${wreq.path}`);
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON answer with the status given (200 unless said otherwise). */
export function sendJson(
  res: ServerResponse,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}
