import { type MainLoopRow, printMainLoop } from '../main-loop-report';
import { loadText, type MachineLoad } from '../machine-load';
import type { EvalMatrixMeasure } from './eval-matrix-bench';
import type { EvalRunMeasure } from './eval-run-bench';
import type { JudgeBatchMeasure } from './judge-batch-bench';
import type { StreamMeasure } from './stream-cases';

/** A measure with the machine's load while it ran. */
type Loaded<T> = T & { load: MachineLoad };

export interface WindowReport {
  /** Each row sums `rounds` runs of the app and of the baseline (see combine in window-bench.ts). */
  streams: Loaded<{ name: string; app: StreamMeasure; baseline: StreamMeasure; rounds: number }>[];
  /** What Chromium fetched before the first screen; `staticKb` is the bundle report's figure for it. */
  firstLoad?: Loaded<{ files: number; rawKb: number; gzipKb: number; staticKb?: number }>;
  /** `medianCpuMs`: the main thread's CPU time over the same spans (main-thread.ts), not judged. */
  openLongChat?: Loaded<{ medianMs: number; maxMs: number; medianCpuMs?: number }>;
  /** 50 messages, 20 with an image: main-thread work, and what the window holds of the images. */
  openImageChat?: Loaded<{
    medianMs: number;
    maxMs: number;
    dataImages: number;
    conversationKb: number;
    base64InConversation: boolean;
  }>;
  logPanel?: Loaded<{ perCallMs: number; rowsInDom: number }>;
  videoTab?: Loaded<{
    tasks: number;
    firstMinuteMs: number;
    firstSpanS: { from: number; to: number };
    perMinuteMs: number;
    /** The main thread's CPU time per minute over the same spans, not judged. */
    cpu?: { firstMinuteMs: number; perMinuteMs: number };
  }>;
  judgeBatch?: Loaded<JudgeBatchMeasure>;
  /** Issue 27's eval run, started from the eval's Runs & results view (eval-run-bench.ts). */
  evalRun?: Loaded<EvalRunMeasure>;
  /** A finished 100,000-row run's matrix scrolled (eval-matrix-bench.ts). */
  evalMatrix?: Loaded<EvalMatrixMeasure>;
  /** Main's event loop in the app process, one row per workload. */
  mainLoop: MainLoopRow[];
}

/** The budgets of docs/architecture.md, "Benchmarks". */
export const BUDGETS = {
  longTasks: 0,
  droppedRatio: 1.2,
  lastByteToScreenMs: 100,
  firstLoadGzipKb: 120,
  /** Opening the 200-message conversation (issue 24). */
  openLongChatMs: 25,
  /** Opening 50 messages with 20 images: the images are read from disk by reference. */
  openImageChatMs: 50,
  logPerCallMs: 2,
  videoPerMinuteMs: 500,
  /** A batch run's wall time over the ideal (cases / concurrency × latency). */
  judgeBatchRatio: 1.1,
  /** An eval run's wall time over the ideal (cells × (chat + judge latency) / concurrency): issue 27. */
  evalRunRatio: 1.15,
};

const mark = (ok: boolean) => (ok ? 'ok  ' : 'OVER');
const withLoad = (line: string, load: MachineLoad) => `${line}  [${loadText(load)}]`;

/** App dropped frames over the baseline's; a baseline that dropped none counts as one. */
export function droppedRatio(app: number, baseline: number): number {
  return app / Math.max(1, baseline);
}

export function printWindowReport(r: WindowReport): void {
  const rounds = r.streams[0]?.rounds ?? 1;
  console.log(
    `\nThe window, in Chromium over browser mode (app vs plain-DOM baseline, same run; counts over ${rounds} rounds, last byte→screen their median):`,
  );
  if (r.streams.length)
    console.log(
      'reply                  tasks>50ms  longest ms  dropped app/base (ratio)  last byte→screen ms  heap MB app/base  machine',
    );
  for (const { name, app, baseline, load } of r.streams) {
    const ratio = droppedRatio(app.droppedFrames, baseline.droppedFrames);
    const late = app.lastByteToScreenMs;
    console.log(
      [
        name.padEnd(22),
        `${mark(app.longTasks <= BUDGETS.longTasks)} ${String(app.longTasks).padStart(4)}`,
        app.longestTaskMs.toFixed(0).padStart(10),
        `${mark(ratio <= BUDGETS.droppedRatio)} ${app.droppedFrames}/${baseline.droppedFrames} (${ratio.toFixed(2)}x)`.padStart(
          25,
        ),
        late === null
          ? '  (stopped at the message limit)'.padEnd(20)
          : `${mark(late <= BUDGETS.lastByteToScreenMs)} ${late.toFixed(0)}`.padStart(20),
        `${app.peakHeapMb.toFixed(0)}/${baseline.peakHeapMb.toFixed(0)}`.padStart(17),
        ` ${loadText(load)}`,
      ].join(' '),
    );
  }
  if (r.firstLoad) console.log(firstLoadLine(r.firstLoad));
  if (r.openLongChat) console.log(openChatLine(r.openLongChat));
  if (r.openImageChat) {
    const o = r.openImageChat;
    const inline = o.dataImages > 0 || o.base64InConversation;
    console.log(
      withLoad(
        `Opening 50 messages with 20 images: ${mark(o.medianMs <= BUDGETS.openImageChatMs && !inline)} ${o.medianMs.toFixed(0)} ms main-thread work (median; max ${o.maxMs.toFixed(0)}; budget ${BUDGETS.openImageChatMs}); ${o.dataImages} data: images in the page, the conversation ${o.conversationKb.toFixed(0)} KB${o.base64InConversation ? ' WITH base64' : ', references only'}`,
        o.load,
      ),
    );
  }
  if (r.logPanel) {
    const l = r.logPanel;
    console.log(
      withLoad(
        `Request log open, 1,000 calls: ${mark(l.perCallMs <= BUDGETS.logPerCallMs)} ${l.perCallMs.toFixed(2)} ms window time per call (budget ${BUDGETS.logPerCallMs}; ${l.rowsInDom} rows in the DOM)`,
        l.load,
      ),
    );
  }
  if (r.videoTab) console.log(videoLine(r.videoTab));
  if (r.judgeBatch) {
    const j = r.judgeBatch;
    const ratio = j.wallMs / j.idealMs;
    console.log(
      withLoad(
        `Judge batch, ${j.cases.toLocaleString('en')} cases × ${j.questions} questions at concurrency ${j.concurrency}, ${j.latencyMs} ms per request: ${mark(ratio <= BUDGETS.judgeBatchRatio)} ${(j.wallMs / 1000).toFixed(1)} s = ${ratio.toFixed(3)}× the ideal ${(j.idealMs / 1000).toFixed(1)} s (budget ${BUDGETS.judgeBatchRatio}×); window: ${mark(j.longTasks <= BUDGETS.longTasks)} ${j.longTasks} tasks > 50 ms (longest ${j.longestTaskMs.toFixed(0)} ms), progress ${j.progressShown ? 'shown to the end' : 'NOT shown'}; Start waited ${j.estimateMs.toFixed(0)} ms for the estimate${j.cpu ? `; ${cpuText(j.cpu)}` : ''}`,
        j.load,
      ),
    );
  }
  if (r.evalRun) console.log(evalRunLine(r.evalRun));
  if (r.evalMatrix) console.log(evalMatrixLine(r.evalMatrix));
  printMainLoop(r.mainLoop);
}

/** Beside the long tasks: how much of them was the page's own CPU (a loaded machine makes them wait). */
const taskCpuText = (t: { longTasks: number; tasksCpu: { ms: number; cpuMs: number }[] | null }) =>
  !t.tasksCpu || t.longTasks === 0
    ? ''
    : t.tasksCpu.length
      ? `, their CPU at most ${Math.max(...t.tasksCpu.map((x) => x.cpuMs)).toFixed(0)} ms`
      : '; the trace saw no single task over 50 ms';

const cpuText = (c: { mainMs: number; processMs: number } | null) =>
  c
    ? `main's own CPU ${(c.mainMs / 1000).toFixed(1)} s (the process ${(c.processMs / 1000).toFixed(1)} s)`
    : '';

/**
 * The eval run: its wall time against the ideal, stated (cells × (chat + judge) / concurrency);
 * the window's long tasks and its progress; main's loop and own CPU beside them, not judged here
 * (the loop's row in the main-loop table is).
 */
export function evalRunLine(e: NonNullable<WindowReport['evalRun']>): string {
  const ratio = e.wallMs / e.idealMs;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return withLoad(
    `Eval run, ${e.rows.toLocaleString('en')} rows × ${e.variants} prompts × ${e.targets} targets at concurrency ${e.concurrency}, ${e.chatLatencyMs} ms per chat reply + ${e.judgeLatencyMs} ms per judge call: ${mark(ratio <= BUDGETS.evalRunRatio)} ${s(e.wallMs)} = ${ratio.toFixed(3)}× the ideal ${s(e.idealMs)} (${e.cells.toLocaleString('en')} cells × ${((e.chatLatencyMs + e.judgeLatencyMs) / 1000).toFixed(1)} s / ${e.concurrency}; budget ${BUDGETS.evalRunRatio}×); window: ${mark(e.longTasks <= BUDGETS.longTasks)} ${e.longTasks} tasks > 50 ms (longest ${e.longestTaskMs.toFixed(0)} ms${taskCpuText(e)}), progress ${e.progressShown ? 'shown to the end' : `NOT shown to the end (bar reached ${e.progressSeen.toLocaleString('en')})`}; main's loop p99 ${e.loop.p99Ms.toFixed(1)} ms, max ${e.loop.maxMs.toFixed(0)} ms${e.cpu ? `; ${cpuText(e.cpu)}` : ''}${e.tasksOver50.length ? `; the tasks over 50 ms at ${e.tasksOver50.map((t) => `${t.atS.toFixed(1)} s (${t.ms.toFixed(0)} ms)`).join(', ')}` : ''}`,
    e.load,
  );
}

/** The 100,000-row matrix scrolled: the window's long tasks judged, the pages' fetch times beside. */
export function evalMatrixLine(m: NonNullable<WindowReport['evalMatrix']>): string {
  return withLoad(
    `Eval matrix, ${m.rows.toLocaleString('en')} rows × ${m.columns} columns, ${m.wheelSteps} wheel steps (the first ${m.wheelRows.toLocaleString('en')} rows down) and ${m.jumps} far jumps: ${mark(m.longTasks <= BUDGETS.longTasks)} ${m.longTasks} tasks > 50 ms (longest ${m.longestTaskMs.toFixed(0)} ms${taskCpuText(m)}); ${m.fetches.count} pages fetched, ${m.fetches.medianMs.toFixed(0)} ms median, ${m.fetches.maxMs.toFixed(0)} ms max; a far jump to its rows on screen ${m.jumpToRows.medianMs.toFixed(0)} ms median, ${m.jumpToRows.maxMs.toFixed(0)} ms max${m.cpu ? `; ${cpuText(m.cpu)}` : ''}`,
    m.load,
  );
}

/**
 * The JS Chromium fetched before the first screen, judged against the budget; beside it the
 * bundle report's static figure for the same files, when the bench had it, and the gap.
 */
export function firstLoadLine(f: NonNullable<WindowReport['firstLoad']>): string {
  const statically =
    f.staticKb === undefined
      ? ''
      : `; the bundle report's static count of the same: ${f.staticKb.toFixed(1)} KB${Math.abs(f.staticKb - f.gzipKb) >= 1 ? ` (${(f.gzipKb - f.staticKb).toFixed(1)} KB apart)` : ''}`;
  return withLoad(
    `JS fetched before the first screen (measured in Chromium): ${mark(f.gzipKb <= BUDGETS.firstLoadGzipKb)} ${f.gzipKb.toFixed(1)} KB gzip (${f.rawKb.toFixed(0)} KB raw, ${f.files} files; budget ${BUDGETS.firstLoadGzipKb} KB)${statically}`,
    f.load,
  );
}

/**
 * Opening the long conversation, judged on the main thread's busy time; its CPU time beside it,
 * which a loaded machine does not inflate (a task waiting for a core is busy, not working).
 */
export function openChatLine(o: NonNullable<WindowReport['openLongChat']>): string {
  const cpu = o.medianCpuMs === undefined ? '' : `; main thread's CPU ${o.medianCpuMs.toFixed(0)} ms`;
  return withLoad(
    `Opening a 200-message conversation: ${mark(o.medianMs <= BUDGETS.openLongChatMs)} ${o.medianMs.toFixed(0)} ms main-thread work (median; max ${o.maxMs.toFixed(0)}; budget ${BUDGETS.openLongChatMs}${cpu})`,
    o.load,
  );
}

/** The Video row: both its first minute and its steady state against the same budget. */
export function videoLine(v: NonNullable<WindowReport['videoTab']>): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return withLoad(
    `Video tab, ${v.tasks} running tasks, window CPU per minute (budget ${s(BUDGETS.videoPerMinuteMs)}): first minute ${mark(v.firstMinuteMs <= BUDGETS.videoPerMinuteMs)} ${s(v.firstMinuteMs)} (${v.firstSpanS.from.toFixed(0)}–${v.firstSpanS.to.toFixed(0)} s after they started, checked every few seconds); later ${mark(v.perMinuteMs <= BUDGETS.videoPerMinuteMs)} ${s(v.perMinuteMs)} (checked about every 30 s)${v.cpu ? `; main thread's CPU ${s(v.cpu.firstMinuteMs)} and ${s(v.cpu.perMinuteMs)}` : ''}`,
    v.load,
  );
}
