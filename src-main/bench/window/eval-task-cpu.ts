import type { Page } from 'playwright';

interface TaskEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** The thread's CPU time inside the event, µs (Chromium's "toplevel" events carry it). */
  tdur?: number;
  args?: { name?: string };
}

/** A task over 50 ms of the page's main thread: its length by the clock and the CPU it used. */
export interface TaskCpu {
  ms: number;
  cpuMs: number;
}

/**
 * The page's tasks over 50 ms with the CPU time its main thread spent in each, from a trace of
 * Chromium's "toplevel" category only (a few MB over a 200 s run, where BENCH_TRACE's full trace
 * is gigabytes): on a loaded machine a task is long by the clock while its thread waits for a
 * core, and its CPU tells the two apart (docs/architecture.md, "Benchmarks"). Null when
 * BENCH_TRACE holds the browser's one trace.
 */
export async function watchTaskCpu(page: Page): Promise<(() => Promise<TaskCpu[]>) | null> {
  const browser = page.context().browser();
  if (!browser || process.env.BENCH_TRACE) return null;
  await browser.startTracing(page, { categories: ['toplevel'] });
  return async () => {
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TaskEvent[] })
      .traceEvents;
    // Every renderer main thread (Chromium may keep a spare one, idle), and the task as the
    // "toplevel" category names it (a full trace nests a RunTask around it).
    const mains = new Set(
      events
        .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    );
    return events
      .filter(
        (e) =>
          mains.has(`${e.pid}:${e.tid}`) &&
          e.name === 'ThreadControllerImpl::RunTask' &&
          e.ph === 'X' &&
          (e.dur ?? 0) > 50_000,
      )
      .map((e) => ({ ms: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 }));
  };
}
