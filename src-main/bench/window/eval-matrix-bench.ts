import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import type { LoopDelay } from '../../core/diagnostics/loop-probe';
import { evalRepository } from '../../core/db/eval-repository';
import { openDataFolder } from '../../core/db/open-data-folder';
import { seedStatsRun } from '../../core/evals/eval-stats.test-helper';
import { StorageNotices } from '../../core/storage/storage-notices';
import { startApp } from './app-process';
import { type AppCpu, watchWorkload } from './app-workload';
import type { TaskCpu } from './eval-task-cpu';
import { openRunsView } from './eval-run-bench';
import { probedPage } from './stream-cases';

export interface EvalMatrixMeasure {
  rows: number;
  columns: number;
  /** Wheel steps, and jumps of the scroll bar far away (each waited for until its rows showed). */
  wheelSteps: number;
  /** How many rows the first 240 wheel steps carried the matrix down. */
  wheelRows: number;
  jumps: number;
  longTasks: number;
  longestTaskMs: number;
  /** The same tasks as the trace saw them, with their thread's CPU; null when not traced. */
  tasksCpu: TaskCpu[] | null;
  /** `evals.runs.cells` as the window saw it: its call sent to its answer read, ms. */
  fetches: { count: number; medianMs: number; maxMs: number };
  /** A far jump to its rows on screen, ms: the median and the worst. */
  jumpToRows: { medianMs: number; maxMs: number };
  loop: LoopDelay;
  cpu: AppCpu;
}

/** The wheel's step in px, and the pause between steps (a fast trackpad flick, about 60 a second). */
const WHEEL_PX = 480;
const WHEEL_GAP_MS = 16;
const WHEEL_STEPS = 240;
/** Where the far jumps land, as a share of the matrix's height. */
const JUMPS = [0.5, 0.999, 0.25, 0.75, 0.01, 0.9, 0.333, 0.6, 0];

/**
 * The wire between the window and main, watched in the page: the time from each
 * `evals.runs.cells` call sent to its answer read. Put in before the page's own scripts.
 */
const CELLS_WATCH = `(() => {
  const sent = new Map();
  const times = (window.__cellsFetches = []);
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (!this.__watched) {
      this.__watched = true;
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string' || !e.data.startsWith('{"type":"result"')) return;
        const id = JSON.parse(e.data).id;
        if (sent.has(id)) times.push(performance.now() - sent.get(id));
        sent.delete(id);
      });
    }
    if (typeof data === 'string' && data.includes('"route":"evals.runs.cells"')) sent.set(JSON.parse(data).id, performance.now());
    return send.call(this, data);
  };
})();`;

/**
 * Issue 27's matrix of a finished 100,000-row run (2 variants × 2 targets: 400,000 cells, a
 * reply, checks and two grades each), seeded into the data folder's database before the app
 * starts (`seedStatsRun`, as the statistics' measure seeds it, plus the rows); the window opens
 * the eval's Runs & results view, then the matrix is scrolled by the wheel and by far jumps of
 * its scroll bar, the page's long tasks counted throughout. docs/architecture.md, "Benchmarks".
 */
export async function evalMatrixBench(
  projectRoot: string,
  browser: Browser,
  rows = 100_000,
): Promise<EvalMatrixMeasure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-matrix-'));
  const seeded = performance.now();
  const columns = seedMatrixRun(dataDir, rows);
  console.log(
    `  window bench: seeded a ${rows.toLocaleString('en')}-row run (${(rows * columns).toLocaleString('en')} cells) in ${((performance.now() - seeded) / 1000).toFixed(0)} s`,
  );
  const app = await startApp(projectRoot, dataDir);
  try {
    const page = await probedPage(browser, app.url);
    await page.addInitScript(CELLS_WATCH);
    await page.reload();
    await openRunsView(page, 'Support replies');
    const matrix = page.getByRole('table', { name: 'Results matrix' });
    await matrix.waitFor();
    await rowsShown(page);
    // The column statistics (a worker reading all 400,000 cells, about 7 s of CPU) are left to
    // finish first: on two cores their work would weigh on the scroll measured here.
    await app.invoke('evals.runs.stats', { runId: 'run-1', marksOf: 'checks' });
    await page.waitForTimeout(1_000);
    await page.evaluate(
      () => ((window as unknown as { __cellsFetches: number[] }).__cellsFetches.length = 0),
    );
    const watch = await watchWorkload(app, page, { traced: true });
    // The wheel, as a user reads down the first rows.
    // The view scrolls on a short window: the matrix brought into view and the pointer on its
    // rows, or the wheel scrolls the view around it instead.
    await matrix.scrollIntoViewIfNeeded();
    const box = (await matrix.boundingBox())!;
    const viewport = page.viewportSize()!;
    await page.mouse.move(
      box.x + box.width / 2,
      Math.min(box.y + box.height / 2, (Math.max(0, box.y) + viewport.height) / 2),
    );
    for (let i = 0; i < WHEEL_STEPS; i++) {
      await page.mouse.wheel(0, WHEEL_PX);
      await page.waitForTimeout(WHEEL_GAP_MS);
    }
    await rowsShown(page);
    const wheelTop = await page.evaluate(() => document.querySelector<HTMLElement>('.matrix')!.scrollTop);
    // Far jumps of the scroll bar: each waited for until its rows are on screen.
    const jumpMs: number[] = [];
    for (const at of JUMPS) {
      const t0 = performance.now();
      const top = await page.evaluate((share) => {
        const el = document.querySelector<HTMLElement>('.matrix')!;
        el.scrollTop = share * (el.scrollHeight - el.clientHeight);
        return el.scrollTop;
      }, at);
      // The row at the new top must be drawn, loaded: the rows of before are not the jump's.
      await rowsShown(page, Math.floor(top / MATRIX_ROW_PX));
      jumpMs.push(performance.now() - t0);
      // Then a few wheel steps from there, as a user looks around where they landed.
      for (let i = 0; i < 10; i++) {
        await page.mouse.wheel(0, i < 5 ? WHEEL_PX : -WHEEL_PX);
        await page.waitForTimeout(WHEEL_GAP_MS);
      }
    }
    await rowsShown(page);
    const { loop, cpu } = await watch.stopApp();
    const { longTasks, longestTaskMs, tasksCpu } = await watch.stopPage();
    const fetches = await page.evaluate(
      () => (window as unknown as { __cellsFetches: number[] }).__cellsFetches,
    );
    await page.close();
    return {
      rows,
      columns,
      wheelSteps: WHEEL_STEPS + JUMPS.length * 10,
      wheelRows: Math.floor(wheelTop / MATRIX_ROW_PX),
      jumps: JUMPS.length,
      longTasks,
      longestTaskMs,
      tasksCpu,
      fetches: { count: fetches.length, medianMs: median(fetches), maxMs: Math.max(0, ...fetches) },
      jumpToRows: { medianMs: median(jumpMs), maxMs: Math.max(...jumpMs) },
      loop,
      cpu,
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** The matrix's row height (MatrixGrid's MATRIX_ROW_HEIGHT; the bench does not import the window). */
const MATRIX_ROW_PX = 96;

/** Every row in view shows its number, none still "loading"; and the row `at` (from 0) is drawn. */
async function rowsShown(page: Page, at?: number): Promise<void> {
  await page.waitForFunction(
    (row) =>
      (row === undefined || document.querySelector(`.matrix-row[aria-rowindex="${row + 2}"]`) !== null) &&
      document.querySelector('.matrix-row .matrix-lead strong') !== null &&
      document.querySelector('.matrix-row .matrix-lead > span.muted:not(.matrix-expected)') === null,
    at,
    { polling: 'raf', timeout: 30_000 },
  );
}

/**
 * The finished run straight into the data folder's database: the statistics' seeded run
 * (`seedStatsRun`: the sample spec's 2 variants × 2 targets, one sample), every cell done with a
 * 400-character reply, a check and two grades, about one in a hundred failed; and its rows
 * appended, since the matrix shows each row's variables. Returns the run's columns.
 */
function seedMatrixRun(dataDir: string, rows: number): number {
  const notices = new StorageNotices();
  const db = openDataFolder(dataDir, notices);
  try {
    const { spec } = seedStatsRun(db, {
      rows,
      cell: (r, v, t) => {
        const x = (r * 2654435761 + (v === 'warm' ? 7 : 0) + (t === 'b' ? 13 : 0)) % 1000;
        if (x < 10) return { failed: true };
        return {
          pass: x < 800,
          noul: x < 800 ? 0.8 : 0.3,
          score: x % 5,
          latencyMs: 200 + (x % 300),
          reply: `Dear customer ${r}, thank you for writing. ${'We are looking into it. '.repeat(16)}`,
        };
      },
    });
    const evals = evalRepository({ db, notices });
    const evalId = `eval-run-1`;
    for (let from = 0; from < rows; from += 1_000)
      evals.appendRows(
        evalId,
        Array.from({ length: Math.min(1_000, rows - from) }, (_, i) => ({
          variables: { customer: `Customer ${from + i}`, issue: `My order ${from + i} has not arrived.` },
          expected: 'sorry',
        })),
      );
    return spec.variants.length * spec.targets.length;
  } finally {
    db.close();
  }
}
