import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright';
import type { LoopDelay } from '../../core/diagnostics/loop-probe';
import { bundleReport } from '../bundle-report';
import { worstDelay } from '../main-loop-report';
import { watchLoad, withLoad } from '../machine-load';
import { startApp } from './app-process';
import { evalMatrixBench } from './eval-matrix-bench';
import { evalRunBench } from './eval-run-bench';
import { judgeBatchBench } from './judge-batch-bench';
import { largeRunBench, measured } from './large-run-bench';
import { firstLoadJs, logPanelPerCall, openLongChat, videoTabCpu } from './other-measures';
import { openImageChat, seedImageChat } from './image-chat-bench';
import { startPaceServer } from './pace-server';
import { seedConversations } from './seed-data';
import { baselineStream, measureStream, probedPage, type StreamMeasure } from './stream-cases';
import { STREAM_CASES } from './window-cases';
import { printWindowReport, type WindowReport } from './window-report';

/**
 * `npm run bench`, the window part: the built app in browser mode, driven by real Chromium,
 * against a server that paces replies exactly; every reply also streamed into a plain-DOM
 * baseline page in the same run; main's event loop in the app process for each workload (its
 * bench-only probe). See docs/architecture.md, "Benchmarks".
 */
export async function runWindowBench(projectRoot: string, only?: string, rounds = 3): Promise<WindowReport> {
  const pace = await startPaceServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  seedConversations(dataDir);
  await seedImageChat(dataDir);
  const app = await startApp(projectRoot, dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  const report: WindowReport = { streams: [], mainLoop: [] };
  const loaded = async <T>(work: () => Promise<T>) => {
    const { value, load } = await withLoad(work);
    return { ...value, load };
  };
  try {
    const profile = await app.invoke<{ id: string }>('profiles.save', {
      name: 'Bench pace server',
      kind: 'gateway-overseas',
      host: pace.origin,
    });
    await app.invoke('profiles.setKey', {
      id: profile.id,
      key: 'sk-bench-window-0000',
      acceptWeakStorage: true,
    });
    await app.invoke('profiles.activate', { id: profile.id });

    const wanted = (name: string) => !only || only.split(',').some((o) => name.includes(o.trim()));
    step('first load');
    if (wanted('first load')) {
      const firstScreen = bundleReport(join(projectRoot, 'out/renderer')).firstScreenGzip;
      report.firstLoad = {
        ...(await loaded(() => firstLoadJs(browser, app.url))),
        staticKb: firstScreen / 1024,
      };
    }
    // Each part in a fresh page, so one part's leftovers (a 2 MB reply on screen) do not weigh on the next.
    const others = await probedPage(browser, app.url);
    step('opening a long conversation');
    if (wanted('open chat')) report.openLongChat = await loaded(() => openLongChat(others));
    step('opening a conversation with images');
    if (wanted('open images')) report.openImageChat = await loaded(() => openImageChat(others, app));
    step('request log');
    if (wanted('request log')) report.logPanel = await loaded(() => logPanelPerCall(others, app));
    step('video tab');
    if (wanted('video')) {
      let video: Awaited<ReturnType<typeof videoTabCpu>> | undefined;
      const row = await measured(app, 'polling 20 video tasks (Video tab open)', async () => {
        const t0 = performance.now();
        video = await videoTabCpu(others, app);
        return `created, then watched for ${((performance.now() - t0) / 1000).toFixed(0)} s`;
      });
      report.videoTab = { ...video!, load: row.load };
      report.mainLoop.push(row);
    }
    await others.close();
    step('judge batch run');
    if (wanted('judge batch')) {
      report.judgeBatch = await loaded(() => judgeBatchBench(projectRoot, browser));
      const j = report.judgeBatch;
      report.mainLoop.push({
        workload: `a batch run at concurrency ${j.concurrency} (${j.cases.toLocaleString('en')} cases)`,
        delay: j.loop,
        load: j.load,
        note: `${(j.wallMs / 1000).toFixed(1)} s, Start to done`,
      });
    }
    step('eval run');
    if (wanted('eval run')) {
      report.evalRun = await loaded(() => evalRunBench(projectRoot, browser));
      const e = report.evalRun;
      report.mainLoop.push({
        workload: `an eval run at concurrency ${e.concurrency} (${e.cells.toLocaleString('en')} cells)`,
        delay: e.loop,
        load: e.load,
        note: `${(e.wallMs / 1000).toFixed(1)} s, Start to done`,
      });
    }
    step('eval matrix scroll');
    if (wanted('eval matrix')) {
      report.evalMatrix = await loaded(() => evalMatrixBench(projectRoot, browser));
      const m = report.evalMatrix;
      report.mainLoop.push({
        workload: `scrolling a ${m.rows.toLocaleString('en')}-row eval run's matrix`,
        delay: m.loop,
        load: m.load,
        note: `${m.fetches.count} pages fetched`,
      });
    }
    step('large run: grid, agreement, drift, export, import');
    if (wanted('large run')) report.mainLoop.push(...(await largeRunBench(projectRoot)));

    const page = await probedPage(browser, app.url);
    await page.getByLabel('Message', { exact: true }).waitFor();
    for (const c of STREAM_CASES) {
      if (!wanted(c.name)) continue;
      // Rounds alternate which page goes first; on two cores one run's frame count is noisy.
      const apps: StreamMeasure[] = [];
      const baselines: StreamMeasure[] = [];
      const loops: LoopDelay[] = [];
      const load = watchLoad();
      for (let round = 0; round < rounds; round++) {
        const runApp = async () => {
          const stopLoop = await app.watchLoop();
          apps.push(
            await measureStream(
              page,
              pace,
              c.reply(),
              () => page.getByLabel('Message', { exact: true }).press('Enter'),
              () => replyDone(page),
              c.keepsAll,
              () => newChatWithQuestion(page),
            ),
          );
          loops.push(await stopLoop());
        };
        const runBaseline = async () => baselines.push(await baselineStream(browser, pace, c.reply()));
        if (round % 2 === 0) await runApp().then(runBaseline);
        else await runBaseline().then(runApp);
      }
      const machine = load.stop();
      report.streams.push({
        name: c.name,
        app: combine(apps),
        baseline: combine(baselines),
        rounds,
        load: machine,
      });
      report.mainLoop.push({
        workload: `the window streaming: ${c.name}`,
        delay: worstDelay(loops),
        load: machine,
        note: `worst of ${rounds} rounds`,
      });
      step(`streamed: ${c.name}`);
    }
  } catch (err) {
    const shot = join(tmpdir(), 'gatehouse-bench-failure.png');
    await browser
      .contexts()[0]
      ?.pages()
      .at(-1)
      ?.screenshot({ path: shot })
      .catch(() => undefined);
    printWindowReport(report);
    console.error(`Window bench failed (last page: ${shot})`);
    throw err;
  } finally {
    await browser.close();
    await app.close();
    await pace.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printWindowReport(report);
  return report;
}

/** Several rounds of one case as one row: counts added up, the worst task and heap, the median delay. */
function combine(runs: StreamMeasure[]): StreamMeasure {
  const delays = runs.map((r) => r.lastByteToScreenMs).filter((d): d is number => d !== null);
  delays.sort((a, b) => a - b);
  return {
    longTasks: runs.reduce((n, r) => n + r.longTasks, 0),
    longestTaskMs: Math.max(...runs.map((r) => r.longestTaskMs)),
    droppedFrames: runs.reduce((n, r) => n + r.droppedFrames, 0),
    lastByteToScreenMs: delays.length ? delays[Math.floor(delays.length / 2)] : null,
    peakHeapMb: Math.max(...runs.map((r) => r.peakHeapMb)),
  };
}

const step = (what: string) => console.log(`  window bench: ${what}`);

/** A new conversation with a question typed in the composer, ready to send with Enter. */
async function newChatWithQuestion(page: Page) {
  await page.getByRole('button', { name: 'New chat' }).click();
  await page.getByLabel('Message', { exact: true }).fill('Stream the benchmark reply, please.');
}

/** The reply is saved: a finished assistant message stands in the new conversation, none live. */
async function replyDone(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('article.message.live') &&
      document.querySelector('article.message.from-assistant') !== null,
    undefined,
    { polling: 100, timeout: 300_000 },
  );
}

export type { StreamMeasure };
