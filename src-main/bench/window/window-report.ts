import type { JudgeBatchMeasure } from './judge-batch-bench';
import type { StreamMeasure } from './stream-cases';

export interface WindowReport {
  /** Each row sums `rounds` runs of the app and of the baseline (see combine in window-bench.ts). */
  streams: { name: string; app: StreamMeasure; baseline: StreamMeasure; rounds: number }[];
  firstLoad?: { files: number; rawKb: number; gzipKb: number };
  openLongChat?: { medianMs: number; maxMs: number };
  logPanel?: { perCallMs: number; rowsInDom: number };
  videoTab?: { firstMinuteMs: number; perMinuteMs: number };
  judgeBatch?: JudgeBatchMeasure;
}

/** The budgets of docs/architecture.md, "Benchmarks". */
export const BUDGETS = {
  longTasks: 0,
  droppedRatio: 1.2,
  lastByteToScreenMs: 100,
  firstLoadGzipKb: 120,
  openLongChatMs: 50,
  logPerCallMs: 2,
  videoPerMinuteMs: 500,
  /** A batch run's wall time over the ideal (cases / concurrency × latency). */
  judgeBatchRatio: 1.1,
};

const mark = (ok: boolean) => (ok ? 'ok  ' : 'OVER');

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
      'reply                  tasks>50ms  longest ms  dropped app/base (ratio)  last byte→screen ms  heap MB app/base',
    );
  for (const { name, app, baseline } of r.streams) {
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
      ].join(' '),
    );
  }
  if (r.firstLoad) {
    const f = r.firstLoad;
    console.log(
      `JS loaded at start: ${mark(f.gzipKb <= BUDGETS.firstLoadGzipKb)} ${f.gzipKb.toFixed(0)} KB gzip (${f.rawKb.toFixed(0)} KB raw, ${f.files} files; budget ${BUDGETS.firstLoadGzipKb} KB)`,
    );
  }
  if (r.openLongChat) {
    const o = r.openLongChat;
    console.log(
      `Opening a 200-message conversation: ${mark(o.medianMs <= BUDGETS.openLongChatMs)} ${o.medianMs.toFixed(0)} ms main-thread work (median; max ${o.maxMs.toFixed(0)}; budget ${BUDGETS.openLongChatMs})`,
    );
  }
  if (r.logPanel) {
    const l = r.logPanel;
    console.log(
      `Request log open, 1,000 calls: ${mark(l.perCallMs <= BUDGETS.logPerCallMs)} ${l.perCallMs.toFixed(2)} ms window time per call (budget ${BUDGETS.logPerCallMs}; ${l.rowsInDom} rows in the DOM)`,
    );
  }
  if (r.videoTab) {
    const v = r.videoTab;
    console.log(
      `Video tab, 20 running tasks: ${mark(v.perMinuteMs <= BUDGETS.videoPerMinuteMs)} ${(v.perMinuteMs / 1000).toFixed(2)} s window CPU per minute (budget ${BUDGETS.videoPerMinuteMs / 1000} s; in their first half minute, checked every few seconds: ${(v.firstMinuteMs / 1000).toFixed(2)} s per minute)`,
    );
  }
  if (r.judgeBatch) {
    const j = r.judgeBatch;
    const ratio = j.wallMs / j.idealMs;
    console.log(
      `Judge batch, ${j.cases.toLocaleString('en')} cases × ${j.questions} questions at concurrency ${j.concurrency}, ${j.latencyMs} ms per request: ${mark(ratio <= BUDGETS.judgeBatchRatio)} ${(j.wallMs / 1000).toFixed(1)} s = ${ratio.toFixed(3)}× the ideal ${(j.idealMs / 1000).toFixed(1)} s (budget ${BUDGETS.judgeBatchRatio}×); window: ${mark(j.longTasks <= BUDGETS.longTasks)} ${j.longTasks} tasks > 50 ms (longest ${j.longestTaskMs.toFixed(0)} ms), progress ${j.progressShown ? 'shown to the end' : 'NOT shown'}`,
    );
  }
}
