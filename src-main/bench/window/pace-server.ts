import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BASELINE_PAGE } from './baseline-page';

/** Wall-clock milliseconds with sub-millisecond precision, comparable with the page's. */
export const wallNow = () => performance.timeOrigin + performance.now();

export interface PacedReply {
  deltas: string[];
  perSecond: number;
}

export interface PaceServer {
  origin: string;
  /** The next chat reply to stream (every request gets it until set again). */
  setReply(reply: PacedReply): void;
  /** When the last delta of the most recent reply was written, or when its reader went away. */
  lastByteAt(): number;
  /** Chat and model-list requests answered so far. */
  requests(): number;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the gateway that streams a given reply at an exact pace, drift
 * corrected (deltas due by now are all written, however late the timer fired). It also answers
 * the model list, keeps video tasks running for ever, and serves the plain-DOM baseline page
 * from the same origin so that page can read the same stream. See docs/architecture.md, "Benchmarks".
 */
export async function startPaceServer(): Promise<PaceServer> {
  let reply: PacedReply = { deltas: ['Hello.'], perSecond: 1000 };
  let lastByteAt = 0;
  let requests = 0;
  let tasks = 0;

  const server = createServer((req, res) => {
    requests++;
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'GET' && path === '/baseline') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(BASELINE_PAGE);
    }
    if (req.method === 'GET' && path === '/v1/models') {
      return json(res, { object: 'list', data: [{ id: 'bench-chat', object: 'model', owned_by: 'bench' }] });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      for await (const _ of req); // the request body is not needed
      return streamReply(res, reply, (at) => (lastByteAt = at));
    }
    if (req.method === 'POST' && path === '/v1/video/generations') {
      for await (const _ of req);
      return json(res, { id: `bench-task-${++tasks}`, status: 'queued' });
    }
    const task = /^\/v1\/video\/generations\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && task) return json(res, { id: task[1], status: 'running', progress: 40 });
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setReply: (next) => (reply = next),
    lastByteAt: () => lastByteAt,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

function json(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** One SSE event of a streamed chat reply, as the pace server writes it. */
export const chunk = (delta: Record<string, unknown>, finish: string | null) =>
  `data: ${JSON.stringify({
    id: 'bench',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'bench-chat',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

function streamReply(res: ServerResponse, reply: PacedReply, onLastByte: (at: number) => void) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  res.flushHeaders();
  const started = performance.now();
  const interval = 1000 / reply.perSecond;
  let next = 0;
  let closed = false;
  res.on('close', () => {
    if (next < reply.deltas.length) onLastByte(wallNow()); // the reader stopped before the end
    closed = true;
  });
  res.write(chunk({ role: 'assistant', content: '' }, null));
  const tick = () => {
    if (closed) return;
    const due = Math.min(reply.deltas.length, Math.floor((performance.now() - started) / interval) + 1);
    let batch = '';
    for (; next < due; next++) batch += chunk({ content: reply.deltas[next] }, null);
    if (batch) res.write(batch);
    if (next >= reply.deltas.length) {
      onLastByte(wallNow());
      res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
      return;
    }
    setTimeout(tick, Math.max(0, started + next * interval - performance.now()));
  };
  tick();
}
