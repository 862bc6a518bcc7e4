import type { Page } from 'playwright';
import type { PauseReason } from '../../../src-shared/judge/batch-run';
import type { LoopDelay } from '../../core/diagnostics/loop-probe';
import type { AppProcess } from './app-process';
import { procCpuMs } from './eval-proc-cpu';
import { type TaskCpu, watchTaskCpu } from './eval-task-cpu';
import type { ProbeResult } from './page-probe';
import { startTrace } from './trace';

/** CPU time of the app's main thread and of its whole process over a workload; null off Linux. */
export type AppCpu = { mainMs: number; processMs: number } | null;

/** Main over the workload: its event loop (the app's bench-only probe) and its CPU from /proc. */
export interface AppSide {
  loop: LoopDelay;
  cpu: AppCpu;
}

/** The page over the workload: its long tasks, by the page's probe and, when traced, with their CPU. */
export interface PageSide {
  probe: ProbeResult;
  longTasks: number;
  longestTaskMs: number;
  /** The tasks over 50 ms as Chromium's toplevel trace saw them; null when not traced. */
  tasksCpu: TaskCpu[] | null;
}

export interface WorkloadWatch {
  /** Stops watching main, at the workload's end (before the bench's own checks of the page). */
  stopApp(): Promise<AppSide>;
  /** Stops watching the page, once the bench has read what it shows. */
  stopPage(): Promise<PageSide>;
}

/**
 * Starts watching an app workload the window drives, at both ends: the page's probe (its long
 * tasks); with `traced`, a BENCH_TRACE trace and the toplevel trace of its tasks' CPU
 * (`eval-task-cpu.ts`); last, closest to the workload's start, main's loop probe and its CPU
 * (`eval-proc-cpu.ts`). docs/architecture.md, "Benchmarks".
 */
export async function watchWorkload(
  app: AppProcess,
  page: Page,
  opts: { traced: boolean },
): Promise<WorkloadWatch> {
  await page.evaluate(() => (window as unknown as { __bench: { start(): void } }).__bench.start());
  const trace = opts.traced && process.env.BENCH_TRACE ? await startTrace(page) : undefined;
  const taskCpu = opts.traced ? await watchTaskCpu(page) : null;
  const stopLoop = await app.watchLoop();
  const cpu0 = procCpuMs(app.pid);
  return {
    async stopApp() {
      const cpu1 = procCpuMs(app.pid);
      const loop = await stopLoop();
      const cpu =
        cpu0 && cpu1
          ? { mainMs: cpu1.mainMs - cpu0.mainMs, processMs: cpu1.processMs - cpu0.processMs }
          : null;
      return { loop, cpu };
    },
    async stopPage() {
      const probe = await page.evaluate(() =>
        (window as unknown as { __bench: { stop(): ProbeResult } }).__bench.stop(),
      );
      await trace?.();
      const tasksCpu = (await taskCpu?.()) ?? null;
      return {
        probe,
        longTasks: probe.tasks.filter((d) => d > 50).length,
        longestTaskMs: Math.max(0, ...probe.tasks),
        tasksCpu,
      };
    },
  };
}

/** A run as its `get` route reads it: a judge batch run or an eval run. */
interface PolledRun {
  id: string;
  state: string;
  pauseReason?: PauseReason;
}

/** What a run's progress event says that `runToDone` reads: which run, and its state. */
export interface RunProgress {
  runId: string;
  state: string;
}

/**
 * Starts a run (`start`: the window's click) and waits until it is done, failing if it pauses or
 * is cancelled. Its end is seen by the run's progress event, which the app sends the window on
 * every change of state (`progress`: the same event on the bench's own socket), then confirmed
 * by one read of the run by route; the run is also read every `everyMs` while no event says it
 * stopped, a slow safety net only — polling it by route (50 times a second before) was main's
 * work for the bench, not the user's. About once a second reads the window's progress bar (`bar`,
 * a DevTools call of its own). The wall time runs from just before `start` to the event that
 * said the run stopped (to the read that saw it, were no event heard).
 */
export async function runToDone<R extends PolledRun>(o: {
  start: () => Promise<void>;
  /** The run as listed once started; undefined while the list does not hold it yet. */
  listed: () => Promise<R | undefined>;
  get: (run: R) => Promise<R>;
  progress: (listener: (p: RunProgress) => void) => () => void;
  everyMs: number;
  bar: () => Promise<number>;
}): Promise<{ run: R; t0: number; wallMs: number; barMax: number }> {
  // When an event said each run left `running` (a run's end may come before it is listed).
  const stoppedAt = new Map<string, number>();
  let wake = (_runId: string) => {};
  const off = o.progress((p) => {
    if (p.state === 'running' || p.state === 'queued' || stoppedAt.has(p.runId)) return;
    stoppedAt.set(p.runId, performance.now());
    wake(p.runId);
  });
  try {
    const t0 = performance.now();
    await o.start();
    let run: R | undefined;
    while (!run) run = await o.listed();
    const id = run.id;
    let barMax = 0;
    let lastLook = t0;
    let heard = false;
    let seenAt = t0;
    while (run.state !== 'done') {
      if (!stoppedAt.has(id) || heard)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, o.everyMs);
          wake = (runId) => {
            if (runId !== id) return;
            clearTimeout(timer);
            resolve();
          };
        });
      wake = () => {};
      heard = stoppedAt.has(id);
      run = await o.get(run);
      seenAt = performance.now();
      if (run.state === 'paused' || run.state === 'cancelled')
        throw new Error(`the bench run stopped: ${run.pauseReason?.message ?? run.state}`);
      if (performance.now() - lastLook > 1_000) {
        lastLook = performance.now();
        barMax = Math.max(barMax, await o.bar());
      }
    }
    return { run, t0, wallMs: (stoppedAt.get(id) ?? seenAt) - t0, barMax };
  } finally {
    off();
  }
}
