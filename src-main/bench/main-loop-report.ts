import type { LoopDelay } from '../core/diagnostics/loop-probe';
import { loadText, type MachineLoad } from './machine-load';

/**
 * Main's event loop while the app does one thing (docs/architecture.md, "Benchmarks"): a click
 * or a streamed delta waits for main at most this long.
 */
export const LOOP_BUDGETS = { p99Ms: 20, maxMs: 50 };

export interface MainLoopRow {
  workload: string;
  delay: LoopDelay;
  load: MachineLoad;
  /** What else the row measured (a first page's time, a call that waited). */
  note?: string;
}

/** Several rounds of one workload as one: each figure its worst round's, the samples added up. */
export function worstDelay(delays: LoopDelay[]): LoopDelay {
  const worst = (pick: (d: LoopDelay) => number) => Math.max(0, ...delays.map(pick));
  return {
    p99Ms: worst((d) => d.p99Ms),
    maxMs: worst((d) => d.maxMs),
    ownP99Ms: worst((d) => d.ownP99Ms),
    ownMaxMs: worst((d) => d.ownMaxMs),
    ...worstGc(delays),
    samples: delays.reduce((n, d) => n + d.samples, 0),
  };
}

/** The longest garbage collection beside the own-CPU figures, when the probe saw one. */
const gcText = (d: LoopDelay) =>
  d.gcMaxMs ? `; longest GC ${ms(d.gcMaxMs)}${d.gcKind ? ` (${d.gcKind})` : ''}${at(d.gcAtMs)}` : '';

/** When a worst figure happened, in seconds after the watch began (a single round's probe says). */
const at = (atMs?: number) => (atMs === undefined ? '' : ` at ${(atMs / 1000).toFixed(1)} s`);

function worstGc(delays: LoopDelay[]): Pick<LoopDelay, 'gcMaxMs' | 'gcKind'> {
  const worst = delays.reduce<LoopDelay | undefined>(
    (w, d) => ((d.gcMaxMs ?? 0) > (w?.gcMaxMs ?? 0) ? d : w),
    undefined,
  );
  return worst ? { gcMaxMs: worst.gcMaxMs, gcKind: worst.gcKind } : {};
}

const mark = (ok: boolean) => (ok ? 'ok  ' : 'OVER');
const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);

/**
 * One printed row: p99 and max delay by the clock, each against its budget; beside them the same
 * counted against main's own CPU time (what a loaded machine does not inflate) and the load.
 */
export function mainLoopRow(r: MainLoopRow): string {
  const d = r.delay;
  return [
    `  ${r.workload.padEnd(44)}`,
    `p99 ${mark(d.p99Ms <= LOOP_BUDGETS.p99Ms)} ${ms(d.p99Ms).padStart(6)} ms`,
    `max ${mark(d.maxMs <= LOOP_BUDGETS.maxMs)} ${ms(d.maxMs).padStart(6)} ms${at(d.maxAtMs)}`,
    `(main's own CPU: p99 ${ms(d.ownP99Ms)}, max ${ms(d.ownMaxMs)}${at(d.ownMaxAtMs)}${gcText(d)})`,
    loadText(r.load),
    ...(r.note ? [r.note] : []),
  ].join('  ');
}

export function printMainLoop(rows: MainLoopRow[]): void {
  if (!rows.length) return;
  console.log(
    `\nMain's event loop in the app process (browser mode), per workload: budget p99 ≤ ${LOOP_BUDGETS.p99Ms} ms, max ≤ ${LOOP_BUDGETS.maxMs} ms by the clock. A loaded machine inflates those; main's own CPU share does not, but it leaves out main waiting on the disk inside a synchronous call:`,
  );
  for (const r of rows) console.log(mainLoopRow(r));
}
