import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright';

/**
 * The page's main thread as Chromium counts it (DevTools' Performance domain): busy time, which
 * takes in work no long-task entry shows (tasks under 50 ms, style, layout, paint), and the heap.
 */
export class MainThread {
  private constructor(private readonly cdp: CDPSession) {}

  static async of(page: Page): Promise<MainThread> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    return new MainThread(cdp);
  }

  async metrics(): Promise<{
    busyMs: number;
    cpuMs: number;
    heapBytes: number;
    parts: Record<string, number>;
  }> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    const parts = Object.fromEntries(
      metrics.filter((m) => m.name.endsWith('Duration')).map((m) => [m.name, m.value * 1000]),
    );
    // The bench's own DevTools commands (clicks, waits) run on the page's thread too: not the app's work.
    const busyMs = (value('TaskDuration') - value('DevToolsCommandDuration')) * 1000;
    // The thread's CPU time: on a loaded machine a task's duration grows while it waits for a
    // core, its CPU time does not. Less the DevTools commands' time, as for busyMs.
    const cpuMs = (value('ThreadTime') - value('DevToolsCommandDuration')) * 1000;
    return { busyMs, cpuMs, heapBytes: value('JSHeapUsedSize'), parts };
  }

  /**
   * Main-thread milliseconds spent while `work` ran, and `settleMs` after it (work it queued),
   * less what the bench's own DevTools commands took there.
   * With BENCH_DETAIL set, also prints where the time went (script, style, layout).
   */
  async busyDuring(work: () => Promise<unknown>, settleMs = 300): Promise<number> {
    return (await this.workDuring(work, settleMs)).busyMs;
  }

  /** As busyDuring, with the main thread's CPU time over the same span beside it. */
  async workDuring(work: () => Promise<unknown>, settleMs = 300): Promise<{ busyMs: number; cpuMs: number }> {
    const before = await this.metrics();
    await work();
    await new Promise((r) => setTimeout(r, settleMs));
    const after = await this.metrics();
    if (process.env.BENCH_DETAIL) {
      const parts = Object.keys(after.parts)
        .filter((p) => p !== 'TaskDuration')
        .map((p) => `${p.replace('Duration', '')} ${(after.parts[p] - (before.parts[p] ?? 0)).toFixed(0)}`);
      console.log(`    busy ${(after.busyMs - before.busyMs).toFixed(0)} ms: ${parts.join(', ')}`);
    }
    return { busyMs: after.busyMs - before.busyMs, cpuMs: Math.max(0, after.cpuMs - before.cpuMs) };
  }

  /** A full garbage collection now, so leftovers of what came before are not collected mid-measure. */
  async collectGarbage(): Promise<void> {
    await this.cdp.send('HeapProfiler.collectGarbage');
  }

  /** BENCH_PROFILE: a JavaScript CPU profile; the returned stop prints the functions that took most. */
  async startProfile(): Promise<() => Promise<void>> {
    await this.cdp.send('Profiler.enable');
    await this.cdp.send('Profiler.start');
    return async () => {
      const { profile } = await this.cdp.send('Profiler.stop');
      // BENCH_PROFILE=dir keeps each raw profile, to open in DevTools' Performance panel.
      if (process.env.BENCH_PROFILE !== '1')
        writeFileSync(
          join(process.env.BENCH_PROFILE ?? '', `window-${Date.now()}.cpuprofile`),
          JSON.stringify(profile),
        );
      const self = new Map<string, number>();
      const dt = new Map<number, number>();
      profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
      for (const n of profile.nodes) {
        const f = n.callFrame;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt.get(n.id) ?? 0) / 1000);
      }
      const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
      for (const [k, ms] of top) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${k}`);
    };
  }

  /** Samples the heap every `everyMs` until stopped; returns the peak. */
  sampleHeap(everyMs = 200): () => Promise<number> {
    let peak = 0;
    let on = true;
    const loop = (async () => {
      while (on) {
        // A page closed under the sampler (the bench failed elsewhere) just ends the sampling.
        const m = await this.metrics().catch(() => null);
        if (!m) break;
        peak = Math.max(peak, m.heapBytes);
        await new Promise((r) => setTimeout(r, everyMs));
      }
    })();
    return async () => {
      on = false;
      await loop;
      return peak;
    };
  }
}
