import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PROBE_PERIOD_MS, TimerLag } from '../core/diagnostics/loop-probe';

/**
 * A gateway that attacks the reader of a streamed chat reply (docs/architecture.md, "Security in
 * one place"): the hostile-gateway tests and `npm run bench` run the app's real client against it.
 * The model named in the request picks the attack. Every body is generated as it is sent, with
 * backpressure, so the server itself stays small in memory whatever it sends.
 */
export type HostileModel = 'gzip-bomb' | 'huge-line' | 'drip' | 'endless';

const MiB = 1024 * 1024;
/** Inflated size of the bomb's one `data:` line: 1 GiB of one letter, about 1 MB gzipped. */
export const BOMB_INFLATED_BYTES = 1024 * MiB;
/** The plain line: 50 MiB, under the per-reply byte cap, so only a per-event cap stops it. */
export const HUGE_LINE_BYTES = 50 * MiB;
/** The drip's pace: one byte this often, so no silence ever reaches an idle timeout. */
export const DRIP_EVERY_MS = 250;

export const BEFORE_TEXT = 'Before the flood. ';
const event = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const OPEN_LINE = 'data: {"choices":[{"index":0,"delta":{"content":"';
const CLOSE_LINE = '"}}]}\n\n';

async function* hugeLine(bytes: number): AsyncGenerator<Buffer> {
  yield Buffer.from(event(BEFORE_TEXT) + OPEN_LINE);
  const block = Buffer.alloc(MiB, 'a');
  for (let sent = 0; sent < bytes; sent += block.length) yield block;
  yield Buffer.from(`${CLOSE_LINE}data: [DONE]\n\n`);
}

/** Valid events that carry no text, for ever: nothing stops them but a byte cap or a deadline. */
async function* endless(): AsyncGenerator<Buffer> {
  yield Buffer.from(event(BEFORE_TEXT));
  const one = 'data: {"choices":[{"index":0,"delta":{}}]}\n\n';
  const block = Buffer.from(one.repeat(Math.floor((64 * 1024) / one.length)));
  for (;;) yield block;
}

async function* drip(): AsyncGenerator<Buffer> {
  yield Buffer.from(event(BEFORE_TEXT));
  const text = event('drop ');
  for (let i = 0; ; i++) {
    await new Promise((r) => setTimeout(r, DRIP_EVERY_MS));
    yield Buffer.from(text[i % text.length]);
  }
}

export interface HostileGateway {
  host: string;
  /** Bytes the server put on the wire (compressed, for the bomb), per model, in the last call. */
  wireBytes: () => number;
  close: () => Promise<void>;
}

export async function hostileGateway(): Promise<HostileGateway> {
  let wire = 0;
  const send = (res: ServerResponse, body: AsyncGenerator<Buffer>, gzip: boolean) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        wire += chunk.length;
        done(null, chunk);
      },
    });
    const source = Readable.from(body, { objectMode: false });
    // The reader hanging up ends the pipeline with an error: that is the expected end here.
    const stages = gzip ? pipeline(source, createGzip(), count, res) : pipeline(source, count, res);
    stages.catch(() => undefined);
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      wire = 0;
      if (req.method !== 'POST') {
        res.writeHead(204).end();
        return;
      }
      const model = (JSON.parse(raw) as { model: HostileModel }).model;
      if (model === 'gzip-bomb') send(res, hugeLine(BOMB_INFLATED_BYTES), true);
      else if (model === 'huge-line') send(res, hugeLine(HUGE_LINE_BYTES), false);
      else if (model === 'drip') send(res, drip(), false);
      else send(res, endless(), false);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  const host = `http://127.0.0.1:${port}`;
  // The process's first fetch compiles Node's HTTP client (about 100 ms of main's time): done
  // here, so a measured call sees the app's steady state, where fetch is long warm.
  await (await fetch(host)).arrayBuffer();
  return {
    host,
    wireBytes: () => wire,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export interface MainWatch<T> {
  result: T;
  /** Highest resident memory during the call, less what it was just before. */
  peakRssGrowthBytes: number;
  /** The longest a 10 ms timer fired late, by the clock (a busy machine's scheduling included). */
  maxLagMs: number;
  /**
   * The longest a 10 ms timer fired late because main's own thread was working: each late
   * interval counts only as much as the thread's CPU time in it, so time the operating system
   * gave to other processes (a loaded CI machine) does not count, and main's own stalls do.
   */
  maxStallMs: number;
  /** The watch itself stopped the call: it ran past `guardMs` or grew past `abortGrowthBytes`. */
  stoppedBy?: 'guard' | 'memory';
}

/**
 * Runs `call` while sampling the process's resident memory and its event loop's lag every 10 ms
 * (`TimerLag`, the probe the bench reads in the app too).
 * A call that runs away (old code, a regression) is stopped through `signal` past `guardMs` or
 * `abortGrowthBytes`, so a failing run ends with numbers instead of taking the machine down.
 */
export async function watchMain<T>(
  call: (signal: AbortSignal) => Promise<T>,
  limits: { guardMs: number; abortGrowthBytes: number },
): Promise<MainWatch<T>> {
  const controller = new AbortController();
  let stoppedBy: MainWatch<T>['stoppedBy'];
  const before = process.memoryUsage.rss();
  let peak = before;
  const lag = new TimerLag(PROBE_PERIOD_MS);
  const sample = () => lag.tick();
  const probe = setInterval(() => {
    sample();
    peak = Math.max(peak, process.memoryUsage.rss());
    if (!stoppedBy && peak - before > limits.abortGrowthBytes) {
      stoppedBy = 'memory';
      controller.abort();
    }
  }, PROBE_PERIOD_MS);
  const guard = setTimeout(() => {
    stoppedBy ??= 'guard';
    controller.abort();
  }, limits.guardMs);
  try {
    const result = await call(controller.signal);
    // A stall at the very end would otherwise go unseen: the probe has not fired since.
    sample();
    peak = Math.max(peak, process.memoryUsage.rss());
    return {
      result,
      peakRssGrowthBytes: peak - before,
      maxLagMs: lag.maxClockMs,
      maxStallMs: lag.ownMs(),
      stoppedBy,
    };
  } finally {
    clearInterval(probe);
    clearTimeout(guard);
  }
}
