import { afterEach, describe, expect, it, vi } from 'vitest';
import { readChunks } from './read-chunks';
import { RequestLog } from './request-log';

/*
 * How a body's reader lets main's other work in (docs/architecture.md, "Security in one place"):
 * chunks already queued are read for at most 20 ms before a turn of the loop; a stream whose
 * chunks come slowly lets the loop idle between them and takes no turns of its own.
 */
const turns = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:timers/promises', async (original) => {
  const real = await original<typeof import('node:timers/promises')>();
  return {
    ...real,
    setImmediate: (...args: Parameters<typeof real.setImmediate>) => {
      turns.count++;
      return real.setImmediate(...args);
    },
  };
});

afterEach(() => {
  turns.count = 0;
});

const bytes = new TextEncoder().encode('data: {"choices":[]}\n\n');

function response(pull: (c: ReadableStreamDefaultController<Uint8Array>) => void | Promise<void>) {
  return new Response(new ReadableStream<Uint8Array>({ pull }), {
    headers: { 'content-type': 'text/event-stream' },
  });
}

async function readAll(res: Response, onChunk: () => void = () => {}) {
  const ticket = new RequestLog().begin('POST', 'http://gateway.test/v1/chat/completions', {});
  let chunks = 0;
  const reading = { idleTimeoutMs: 10_000, callerAborted: () => false };
  for await (const _ of readChunks(res, ticket, new AbortController(), reading)) {
    chunks++;
    onChunk();
  }
  return chunks;
}

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('readChunks taking turns with main’s other work', () => {
  it('reads queued chunks for at most about 20 ms before a turn of the loop', async () => {
    let sent = 0;
    // Every chunk is there before it is asked for, and reading one takes 2 ms of main.
    const res = response((c) => (++sent > 60 ? c.close() : c.enqueue(bytes)));
    let timerRanAt = -1;
    const started = performance.now();
    setTimeout(() => (timerRanAt = performance.now() - started), 0);
    expect(await readAll(res, () => busyFor(2))).toBe(60);
    // 120 ms of reading: a turn at least every ~20 ms, and a timer due at once ran in the first.
    expect(turns.count).toBeGreaterThanOrEqual(4);
    expect(timerRanAt).toBeGreaterThanOrEqual(0);
    expect(timerRanAt).toBeLessThan(60);
  });

  it('takes no turn of its own when the loop idles between chunks', async () => {
    let sent = 0;
    // One chunk every 3 ms for about 120 ms: the loop waits for each.
    const res = response(async (c) => {
      await new Promise((r) => setTimeout(r, 3));
      if (++sent > 40) c.close();
      else c.enqueue(bytes);
    });
    expect(await readAll(res)).toBe(40);
    expect(turns.count).toBe(0);
  });
});
