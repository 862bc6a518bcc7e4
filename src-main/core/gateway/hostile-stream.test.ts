import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BEFORE_TEXT,
  type HostileGateway,
  type HostileModel,
  hostileGateway,
  watchMain,
} from '../../test-support/hostile-gateway';
import { KeyScrubber } from '../security/key-scrubber';
import { streamChat } from './chat-api';
import { GatewayClient } from './gateway-client';
import { loopbackServer } from './loopback-server.test-helper';
import { RequestLog } from './request-log';

/*
 * A hostile gateway against the app's own reading of a streamed reply: GatewayClient (with the
 * key scrubber and the request log, as main builds them) and streamChat's SSE reader. Each
 * attack must end with the error that names the limit it hit, keep the text that came before it,
 * and leave main small and responsive (docs/architecture.md, "Security in one place").
 *
 * The two bounds (docs/architecture.md, "Security in one place"): resident memory may grow by at most 150 MB during the call
 * (the caps keep about 4 MB of one event and nothing of the rest; the margin is the allocator's
 * and the garbage collector's, which hands memory back late), and main's event loop must never
 * be held for 100 ms, so another window's call or the browser-mode bridge is answered within
 * that. The stall is a 10 ms timer's lateness counted only while main's thread was working
 * (watchMain): on a loaded machine the clock alone also counts time the system gave to other
 * processes, which says nothing about this code. Old code took 400 MB to gigabytes, and stalled
 * main for hundreds of ms.
 */
const MB = 1024 * 1024;
const GROWTH_BOUND = 150 * MB;
const STALL_BOUND_MS = 100;
/** A runaway call is stopped here, well past the bound, so a failing run reports and ends. */
const ABORT_GROWTH = 1024 * MB;

let gateway: HostileGateway;
beforeAll(async () => {
  gateway = await hostileGateway();
});
afterAll(() => gateway.close());

/** The request log of the last call: it sees every byte the reader does. */
let log: RequestLog;

function ask(model: HostileModel, opts: { idleTimeoutMs?: number; deadlineMs?: number } = {}) {
  const keys = new KeyScrubber();
  log = new RequestLog(Date.now, (text) => keys.scrubFragments(text));
  const client = new GatewayClient({ fetch: (u, i) => fetch(u, i), log, scrubber: keys });
  return watchMain(
    (signal) =>
      streamChat(
        client,
        { host: gateway.host, judgeSegment: 'partner', apiKey: 'sk-hostile-test-key-0123' },
        { model, messages: [{ role: 'user', content: 'hi' }] },
        () => {},
        { signal, ...opts },
      ),
    { guardMs: 20_000, abortGrowthBytes: ABORT_GROWTH },
  );
}

function report(name: string, w: { peakRssGrowthBytes: number; maxLagMs: number; maxStallMs: number }) {
  // Printed so a run shows the figures, not only pass or fail.
  console.log(
    `${name}: peak RSS +${(w.peakRssGrowthBytes / MB).toFixed(0)} MB, longest stall ${w.maxStallMs.toFixed(0)} ms (timer lag by the clock ${w.maxLagMs.toFixed(0)} ms)`,
  );
}

describe('a hostile gateway streaming a chat reply', () => {
  it('a gzip bomb (about 1 MB on the wire, 1 GiB inflated in one data: line) ends at the 4 MB event cap', async () => {
    const w = await ask('gzip-bomb');
    report('gzip bomb', w);
    expect(w.stoppedBy).toBeUndefined();
    expect(w.result.error?.code).toBe('bad_response');
    expect(w.result.error?.message).toMatch(/a single event larger than 4 MB/);
    expect(w.result.text).toBe(BEFORE_TEXT);
    // Bytes are counted after fetch inflated them: far more than 4 MB would be in before the cap
    // if the compressed ones were counted.
    expect(gateway.wireBytes()).toBeLessThan(1 * MB);
    // The log was handed no more than the reader: the cap, and the event before it.
    const [entry] = log.list();
    expect(entry).toMatchObject({ state: 'failed', error: w.result.error?.message });
    expect(entry.responseBytes).toBeLessThan(4 * MB + 1024);
    expect(entry.stream?.text).toBe(BEFORE_TEXT);
    expect(w.peakRssGrowthBytes).toBeLessThan(GROWTH_BOUND);
    expect(w.maxStallMs).toBeLessThan(STALL_BOUND_MS);
  }, 30_000);

  it('one plain 50 MiB line ends at the 4 MB event cap', async () => {
    const w = await ask('huge-line');
    report('50 MiB line', w);
    expect(w.stoppedBy).toBeUndefined();
    expect(w.result.error?.code).toBe('bad_response');
    expect(w.result.error?.message).toMatch(/a single event larger than 4 MB/);
    expect(w.result.text).toBe(BEFORE_TEXT);
    expect(w.peakRssGrowthBytes).toBeLessThan(GROWTH_BOUND);
    expect(w.maxStallMs).toBeLessThan(STALL_BOUND_MS);
  }, 30_000);

  it('a drip of one byte at a time never reaches the idle timeout but ends at the reply deadline', async () => {
    // Short stand-ins for the profile's settings: silence is allowed 1 s, the reply 2.5 s.
    const started = performance.now();
    const w = await ask('drip', { idleTimeoutMs: 1_000, deadlineMs: 2_500 });
    report('drip', w);
    expect(w.stoppedBy).toBeUndefined();
    expect(w.result.error?.code).toBe('timeout');
    expect(w.result.error?.message).toMatch(/reply deadline/);
    expect(w.result.error?.toAppError().details).toMatchObject({ deadlineSec: 2.5 });
    expect(w.result.text.startsWith(BEFORE_TEXT)).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2_400);
    expect(w.peakRssGrowthBytes).toBeLessThan(GROWTH_BOUND);
    expect(w.maxStallMs).toBeLessThan(STALL_BOUND_MS);
  }, 30_000);

  it('an endless stream of small valid events ends at the per-reply byte cap', async () => {
    const w = await ask('endless', { deadlineMs: 60_000 });
    report('endless events', w);
    expect(w.stoppedBy).toBeUndefined();
    expect(w.result.error?.code).toBe('bad_response');
    expect(w.result.error?.message).toMatch(/passed 64 MB/);
    expect(w.result.text).toBe(BEFORE_TEXT);
    expect(w.peakRssGrowthBytes).toBeLessThan(GROWTH_BOUND);
    expect(w.maxStallMs).toBeLessThan(STALL_BOUND_MS);
  }, 30_000);
});

describe('the reply deadline', () => {
  it('also covers the wait for headers, when the idle timeout allows more', async () => {
    const silent = await loopbackServer(() => {}); // takes the request, never answers
    const client = new GatewayClient({ fetch: (u, i) => fetch(u, i), log: new RequestLog() });
    const out = await streamChat(
      client,
      { host: silent.host, judgeSegment: 'partner', apiKey: 'sk-hostile-test-key-0123' },
      { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
      () => {},
      { timeoutMs: 10_000, idleTimeoutMs: 10_000, deadlineMs: 300 },
    );
    await silent.close();
    expect(out.error?.code).toBe('timeout');
    expect(out.error?.message).toMatch(/after 0.3 s, the reply deadline of this profile/);
  });
});
