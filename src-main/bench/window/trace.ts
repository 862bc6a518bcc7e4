import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/**
 * BENCH_TRACE=dir: a Chromium trace of the measured stream (open it in DevTools' Performance
 * panel); on stop, prints what the renderer's main thread did inside each task over 50 ms —
 * the work a JavaScript profile shows only as "(program)": style, layout, paint.
 */
export async function startTrace(
  page: Page,
  opts: { allTasks?: boolean } = {},
): Promise<() => Promise<void>> {
  const browser = page.context().browser();
  if (!browser) throw new Error('BENCH_TRACE needs a launched browser');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8', 'toplevel'],
  });
  return async () => {
    const buffer = await browser.stopTracing();
    writeFileSync(join(process.env.BENCH_TRACE ?? '', `window-${Date.now()}.trace.json`), buffer);
    const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    if (!main) return;
    const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
    if (opts.allTasks) printAllTasks(mine);
    const tasks = mine.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
      const byName = new Map<string, number>();
      for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 14);
      console.log(`    trace: task of ${((task.dur ?? 0) / 1000).toFixed(0)} ms:`);
      for (const [name, ms] of top) console.log(`      ${ms.toFixed(1).padStart(7)} ms  ${name}`);
      const layouts = inside.filter((e) => e.name === 'Layout' || e.name === 'UpdateLayoutTree');
      for (const l of layouts.slice(0, 6))
        console.log(
          `      ${l.name} ${((l.dur ?? 0) / 1000).toFixed(1)} ms ${JSON.stringify(l.args?.data ?? {}).slice(0, 200)}`,
        );
    }
  };
}

/**
 * Every task of the traced span, short ones too: their count and total, and the time inside
 * them by event name (nested events each count their own span, so the names overlap).
 */
function printAllTasks(mine: TraceEvent[]) {
  const tasks = mine.filter((e) => e.name === 'RunTask');
  const total = tasks.reduce((n, t) => n + (t.dur ?? 0) / 1000, 0);
  console.log(`    trace: ${tasks.length} tasks, ${total.toFixed(1)} ms in all`);
  const byName = new Map<string, { ms: number; n: number }>();
  for (const e of mine) {
    if (e.name === 'RunTask') continue;
    const b = byName.get(e.name) ?? { ms: 0, n: 0 };
    b.ms += (e.dur ?? 0) / 1000;
    b.n++;
    byName.set(e.name, b);
  }
  const top = [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30);
  for (const [name, { ms, n }] of top) console.log(`      ${ms.toFixed(1).padStart(7)} ms  ×${n}  ${name}`);
}
