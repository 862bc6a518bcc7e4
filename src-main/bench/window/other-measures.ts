import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright';
import type { AppProcess } from './app-process';
import { MainThread } from './main-thread';
import { LONG_CHAT, SHORT_CHAT } from './seed-data';
import { startTrace } from './trace';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Every script the page loads before its first screen is up, raw and gzipped. */
export async function firstLoadJs(browser: Browser, url: string) {
  const page = await browser.newPage();
  const sizes: Promise<{ raw: number; gzip: number }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    sizes.push(res.body().then((b) => ({ raw: b.length, gzip: gzipSync(b).length })));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const all = await Promise.all(sizes);
  await page.close();
  return {
    files: all.length,
    rawKb: all.reduce((s, x) => s + x.raw, 0) / 1024,
    gzipKb: all.reduce((s, x) => s + x.gzip, 0) / 1024,
  };
}

/**
 * Main-thread work to open the 200-message conversation from a short one (median of `rounds`),
 * counted from the click until its newest message is on screen and the page has settled.
 */
export async function openLongChat(page: Page, rounds = 5) {
  const main = await MainThread.of(page);
  const list = page.getByRole('complementary', { name: 'Conversations' });
  const busy: number[] = [];
  const cpu: number[] = [];
  if (process.env.BENCH_DETAIL) {
    console.log('    idle page, same wait:');
    await main.busyDuring(() => page.waitForTimeout(100));
  }
  for (let i = 0; i < rounds; i++) {
    await list.getByText(SHORT_CHAT.title).click();
    await page.getByText('how does step 0 work?').waitFor();
    await page.waitForTimeout(300);
    // BENCH_PROFILE: the functions the open spends its time in; BENCH_TRACE: Chromium's own work
    // (style, layout, paint, messages) by event, every task counted, short ones too.
    const profile = process.env.BENCH_PROFILE ? await main.startProfile() : undefined;
    const trace = process.env.BENCH_TRACE ? await startTrace(page, { allTasks: true }) : undefined;
    // The click lands where the row is and the newest message is seen by an observer in the
    // page, both set up before the span: a locator's click resolves its target in the page, and
    // `waitFor` on text re-reads every element's text each frame, work of the bench's own that
    // the span would count as the window's (5–10 ms of a 30 ms open, by a CPU profile).
    const row = await list.getByText(LONG_CHAT.title).boundingBox();
    if (!row) throw new Error(`the conversation list shows no "${LONG_CHAT.title}"`);
    await page.evaluate(watchForText, 'Question 100:');
    const work = await main.workDuring(async () => {
      await page.mouse.click(row.x + row.width / 2, row.y + row.height / 2);
      await page.evaluate(() => (window as unknown as { benchTextSeen: Promise<void> }).benchTextSeen);
    });
    await profile?.();
    await trace?.();
    busy.push(work.busyMs);
    cpu.push(work.cpuMs);
    // BENCH_DETAIL: the work left for after the open (its older messages are read once the window
    // has been idle a second, docs/architecture.md "The window"), shown, not judged.
    if (process.env.BENCH_DETAIL) {
      console.log('    the second after (older messages joined):');
      await main.busyDuring(() => page.waitForTimeout(1_500), 0);
    }
  }
  return { medianMs: median(busy), maxMs: Math.max(...busy), medianCpuMs: median(cpu) };
}

/**
 * In the page: `window.benchTextSeen` resolves once a node holding `text` is added to the document
 * (run before the span it ends, so what it costs there is only its observer's callbacks).
 */
function watchForText(text: string): void {
  const w = window as unknown as { benchTextSeen: Promise<void> };
  w.benchTextSeen = new Promise<void>((resolve) => {
    const observer = new MutationObserver((records) => {
      for (const r of records)
        for (const node of r.addedNodes)
          if (node.textContent?.includes(text)) {
            observer.disconnect();
            resolve();
            return;
          }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * The request log open while the app makes `calls` gateway calls (model lists, answered at once
 * by the pace server); window time per call over the last `measured` of them.
 */
export async function logPanelPerCall(page: Page, app: AppProcess, calls = 1000, measured = 200) {
  const main = await MainThread.of(page);
  const toggle = page.getByRole('button', { name: 'Request log', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  for (let i = 0; i < calls - measured; i++) await app.invoke('models.list', {});
  await page.waitForTimeout(500);
  const busy = await main.busyDuring(async () => {
    for (let i = 0; i < measured; i++) await app.invoke('models.list', {});
  }, 500);
  const rows = await page.locator('.log-list > li').count();
  await toggle.click();
  return { perCallMs: busy / measured, rowsInDom: rows };
}

/**
 * The Video tab open with `tasks` tasks that never finish: window busy time per minute over their
 * first minute (from the tab's settling, `settleMs` after it opened, to `firstMinuteMs` after the
 * tasks started; main checks each every few seconds then) and, as for tasks that run for minutes,
 * over `watchMs` from `steadyAfterMs` after they start, once main checks each about every 30 s.
 */
export async function videoTabCpu(
  page: Page,
  app: AppProcess,
  tasks = 20,
  watchMs = 30_000,
  steadyAfterMs = 80_000,
  firstMinuteMs = 60_000,
  settleMs = 3_000,
) {
  const started = Date.now();
  for (let i = 0; i < tasks; i++)
    await app.invoke('video.tasks.create', { model: 'bench-video', prompt: `Bench clip ${i + 1}` });
  await page.getByRole('tab', { name: 'Video' }).click();
  await page.waitForTimeout(settleMs);
  const main = await MainThread.of(page);
  const firstFrom = Date.now();
  const first = await main.workDuring(
    () => page.waitForTimeout(Math.max(0, started + firstMinuteMs - Date.now())),
    0,
  );
  const firstSpanMs = Date.now() - firstFrom;
  await page.waitForTimeout(Math.max(0, started + steadyAfterMs - Date.now()));
  const steady = await main.workDuring(() => page.waitForTimeout(watchMs), 0);
  // BENCH_PROFILE / BENCH_TRACE: a further watch of the same length as the steady one, after it,
  // so the tracing's own cost stays out of both measured spans.
  if (process.env.BENCH_PROFILE || process.env.BENCH_TRACE) {
    const profile = process.env.BENCH_PROFILE ? await main.startProfile() : undefined;
    const trace = process.env.BENCH_TRACE ? await startTrace(page, { allTasks: true }) : undefined;
    if (process.env.BENCH_DETAIL) console.log('    traced watch:');
    await main.workDuring(() => page.waitForTimeout(watchMs), 0);
    await profile?.();
    await trace?.();
  }
  return {
    tasks,
    firstMinuteMs: perMinute(first.busyMs, firstSpanMs),
    firstSpanS: { from: (firstFrom - started) / 1000, to: (firstFrom - started + firstSpanMs) / 1000 },
    perMinuteMs: perMinute(steady.busyMs, watchMs),
    cpu: {
      firstMinuteMs: perMinute(first.cpuMs, firstSpanMs),
      perMinuteMs: perMinute(steady.cpuMs, watchMs),
    },
  };
}

/** Busy milliseconds over `spanMs` as milliseconds per minute. */
export const perMinute = (busyMs: number, spanMs: number) => (busyMs * 60_000) / Math.max(1, spanMs);
