import type { Browser, Page } from 'playwright';
import { MainThread } from './main-thread';
import { startTrace } from './trace';
import type { PaceServer, PacedReply } from './pace-server';
import { droppedFrames, PAGE_PROBE, type ProbeResult } from './page-probe';
import { END_MARKER } from './reply-texts';

export interface StreamMeasure {
  longTasks: number;
  longestTaskMs: number;
  droppedFrames: number;
  /** Last byte written by the server → the frame after the last character entered the page. */
  lastByteToScreenMs: number | null;
  peakHeapMb: number;
}

/** How long a finished reply is watched after its end: the finished view's work counts too. */
const AFTER_END_MS = 1500;
const MAX_WAIT_MS = 180_000;

/** Opens a page with the probe in place. */
export async function probedPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(PAGE_PROBE);
  await page.goto(url);
  return page;
}

/**
 * One streamed reply, watched from the send to well after its end. `send` starts the stream in
 * the page; `finished` resolves when the page shows the reply as done. `expectMarker` is false
 * when the page is meant to stop the reply early (past the longest message kept). What
 * `prepare` does (open a new chat, type the question) happens before the watching starts: the
 * baseline page starts empty too, and clearing away the last round's long reply is not part
 * of streaming this one.
 */
export async function measureStream(
  page: Page,
  pace: PaceServer,
  reply: PacedReply,
  send: () => Promise<void>,
  finished: () => Promise<void>,
  expectMarker = true,
  prepare?: () => Promise<void>,
): Promise<StreamMeasure> {
  pace.setReply(reply);
  if (prepare) {
    await prepare();
    // Let what the preparing set going (the markdown renderer loading as one types) settle.
    await page.waitForTimeout(500);
  }
  const main = await MainThread.of(page);
  // The app's page is reused between rounds and the baseline's is new each time: the last
  // round's long reply, cleared away by `prepare`, is collected before this one is watched.
  await main.collectGarbage();
  await page.evaluate(() => {
    const w = window as unknown as {
      __bench: { start(): void; watch(m: string): Promise<number> };
      __shown?: Promise<number>;
    };
    w.__bench.start();
  });
  await page.evaluate((marker) => {
    const w = window as unknown as {
      __bench: { watch(m: string): Promise<number> };
      __shown?: Promise<number>;
    };
    w.__shown = w.__bench.watch(marker);
  }, END_MARKER);
  const stopHeap = main.sampleHeap();
  const profile = process.env.BENCH_PROFILE ? await main.startProfile() : undefined;
  const trace = process.env.BENCH_TRACE ? await startTrace(page) : undefined;
  await send();
  let shownAt: number | null = null;
  if (expectMarker) {
    shownAt = await page.evaluate(
      (limit) =>
        Promise.race([
          (window as unknown as { __shown: Promise<number> }).__shown,
          new Promise<null>((r) => setTimeout(() => r(null), limit)),
        ]),
      MAX_WAIT_MS,
    );
  }
  await finished();
  await page.waitForTimeout(AFTER_END_MS);
  const peak = await stopHeap();
  if (profile) await profile();
  if (trace) await trace();
  const probe = await page.evaluate(() =>
    (window as unknown as { __bench: { stop(): ProbeResult } }).__bench.stop(),
  );
  if (process.env.BENCH_DETAIL) {
    const end = pace.lastByteAt();
    const long = probe.tasks.map((d, i) => [d, probe.taskStarts[i] - end]).filter(([d]) => d > 50);
    for (const [d, at] of long)
      console.log(`    long task ${d.toFixed(0)} ms at ${at.toFixed(0)} ms from the last byte`);
    const gaps = probe.frames
      .map((f, i) => [f - probe.frames[i - 1], probe.frameOrigin + f - end])
      .filter(([gap]) => gap > 25)
      .map(([gap, at]) => `${gap.toFixed(0)} ms at ${(at / 1000).toFixed(1)} s`);
    console.log(
      `    ${page.url().includes('/baseline') ? 'baseline' : 'app'}: ${gaps.length} slow frames: ${gaps.join(', ')}`,
    );
  }
  return {
    longTasks: probe.tasks.filter((d) => d > 50).length,
    longestTaskMs: Math.max(0, ...probe.tasks),
    droppedFrames: droppedFrames(probe.frames),
    lastByteToScreenMs: shownAt === null ? null : shownAt - pace.lastByteAt(),
    peakHeapMb: peak / 2 ** 20,
  };
}

/** The same reply in the plain-DOM baseline page, served by the pace server. */
export async function baselineStream(browser: Browser, pace: PaceServer, reply: PacedReply) {
  const page = await probedPage(browser, `${pace.origin}/baseline`);
  try {
    let done: Promise<unknown> = Promise.resolve();
    return await measureStream(
      page,
      pace,
      reply,
      async () => {
        done = page.evaluate(() => (window as unknown as { __runBaseline(): Promise<void> }).__runBaseline());
      },
      async () => void (await done),
    );
  } finally {
    await page.close();
  }
}
