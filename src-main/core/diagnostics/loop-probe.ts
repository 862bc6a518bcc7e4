import {
  constants,
  createHistogram,
  monitorEventLoopDelay,
  PerformanceObserver,
  type RecordableHistogram,
} from 'node:perf_hooks';

/**
 * How long main's event loop kept work waiting (docs/architecture.md, "Benchmarks"): the bench
 * and the hostile-gateway tests read it; the shipped app never starts one.
 */
export interface LoopDelay {
  /** Event-loop delay by the clock (Node's own timer, less its period), 99th percentile and worst. */
  p99Ms: number;
  maxMs: number;
  /**
   * The same delays counted only while main's own thread used the CPU: a late timer counts at
   * most the thread's CPU time over its gap, so time a loaded machine gave other processes is
   * left out and main's own stalls stay in.
   */
  ownP99Ms: number;
  ownMaxMs: number;
  /** How many timer periods were measured. */
  samples: number;
  /**
   * When the worst gaps ended, in milliseconds after the probe started (by the clock, and by
   * main's own CPU): a stall at a run's start and one mid-run have different causes.
   */
  maxAtMs?: number;
  ownMaxAtMs?: number;
  /**
   * The longest garbage collection that held main (by the clock) and its kind: a major one on a
   * large heap stops the loop without much of main's own CPU (helper threads mark and compact).
   */
  gcMaxMs?: number;
  gcKind?: GcKind;
  /** When that collection started, in milliseconds after the probe started. */
  gcAtMs?: number;
}

export type GcKind = 'major' | 'minor' | 'incremental' | 'weak callbacks';

function gcKindOf(kind: number | undefined): GcKind {
  if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) return 'major';
  if (kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) return 'incremental';
  if (kind === constants.NODE_PERFORMANCE_GC_WEAKCB) return 'weak callbacks';
  return 'minor';
}

/** The longest garbage collection from now until `stop()`. */
export function watchGc(): { stop(): { maxMs: number; kind?: GcKind; atMs?: number } } {
  const t0 = performance.now();
  let worst: { maxMs: number; kind?: GcKind; atMs?: number } = { maxMs: 0 };
  const see = (entries: readonly { duration: number; startTime: number }[]) => {
    for (const e of entries) {
      if (e.duration <= worst.maxMs) continue;
      // A gc entry's detail holds its kind (Node's perf_hooks), which the DOM-shaped type leaves out.
      const { detail } = e as { detail?: { kind?: number } };
      worst = { maxMs: e.duration, kind: gcKindOf(detail?.kind), atMs: e.startTime - t0 };
    }
  };
  const observer = new PerformanceObserver((list) => see(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      // Entries are handed over asynchronously: those still queued count too.
      see(observer.takeRecords());
      observer.disconnect();
      return worst;
    },
  };
}

/** Node's default period for monitorEventLoopDelay; the watch's own timer ticks at the same. */
export const PROBE_PERIOD_MS = 10;

/**
 * How late a timer of `periodMs` fired after `gapMs` on the clock, and how much of that lateness
 * main's own thread can answer for, given its CPU time over the gap.
 */
export function lateness(gapMs: number, cpuMs: number, periodMs: number): { clockMs: number; ownMs: number } {
  const clockMs = Math.max(0, gapMs - periodMs);
  return { clockMs, ownMs: Math.min(clockMs, Math.max(0, cpuMs)) };
}

/** A histogram's worst value (no `p`) or percentile `p`; an empty one reads 0. */
const valueOf = (h: RecordableHistogram | ReturnType<typeof monitorEventLoopDelay>, p?: number) =>
  h.count === 0 ? 0 : p === undefined ? h.max : h.percentile(p);

/**
 * A repeating timer's gaps: how late it fired by the clock and by main's own CPU time. `tick` is
 * called from the timer (or at the end of a measured call, so a final stall is not missed).
 */
export class TimerLag {
  private last = performance.now();
  private lastCpu = process.threadCpuUsage();
  /** Lateness counted against main's own thread, in microseconds plus one (a histogram holds no 0). */
  private readonly own = createHistogram();
  private readonly started = this.last;
  maxClockMs = 0;
  /** When the worst gap by the clock, and the worst by main's own CPU, ended (ms after the start). */
  maxClockAtMs = 0;
  ownMaxAtMs = 0;
  private ownMax = 0;

  constructor(readonly periodMs = PROBE_PERIOD_MS) {}

  tick(): void {
    const now = performance.now();
    const cpu = process.threadCpuUsage(this.lastCpu);
    const late = lateness(now - this.last, (cpu.user + cpu.system) / 1000, this.periodMs);
    if (late.clockMs > this.maxClockMs) {
      this.maxClockMs = late.clockMs;
      this.maxClockAtMs = now - this.started;
    }
    if (late.ownMs > this.ownMax) {
      this.ownMax = late.ownMs;
      this.ownMaxAtMs = now - this.started;
    }
    this.own.record(Math.round(late.ownMs * 1000) + 1);
    this.last = now;
    this.lastCpu = process.threadCpuUsage();
  }

  /** Main's own share of the lateness: the worst gap (no `p`) or percentile `p`. */
  ownMs(p?: number): number {
    return this.own.count === 0 ? 0 : (valueOf(this.own, p) - 1) / 1000;
  }
}

/**
 * Watches main's event loop from now until `stop`: Node's event-loop delay histogram for the
 * clock figures and a timer of the same period whose gaps are weighed by the thread's CPU time.
 * The histogram records a gap only when its timer fires at both ends, so it resolves once that
 * timer has fired a first time (a stall starting before would go unseen), and `stop` waits one
 * period (a stop asked for right after a long task would otherwise come before the gap's end).
 */
export async function startLoopProbe(periodMs = PROBE_PERIOD_MS): Promise<{ stop(): Promise<LoopDelay> }> {
  const eld = monitorEventLoopDelay({ resolution: periodMs });
  eld.enable();
  const gc = watchGc();
  await new Promise((r) => setTimeout(r, 2 * periodMs + 2));
  const lag = new TimerLag(periodMs);
  const timer = setInterval(() => lag.tick(), periodMs);
  timer.unref();
  const read = (): LoopDelay => {
    lag.tick();
    // The histogram records whole timer periods in nanoseconds: the delay is what passes the period.
    const clock = (p?: number) => Math.max(0, valueOf(eld, p) / 1e6 - periodMs);
    return {
      p99Ms: clock(99),
      maxMs: Math.max(clock(), lag.maxClockMs),
      ownP99Ms: lag.ownMs(99),
      ownMaxMs: lag.ownMs(),
      samples: eld.count,
      // The histogram does not say when; the timer beside it, which sees the same gaps, does.
      maxAtMs: lag.maxClockAtMs,
      ownMaxAtMs: lag.ownMaxAtMs,
    };
  };
  return {
    async stop() {
      await new Promise((r) => setTimeout(r, periodMs + 2));
      const out = read();
      clearInterval(timer);
      eld.disable();
      const worstGc = gc.stop();
      return { ...out, gcMaxMs: worstGc.maxMs, gcKind: worstGc.kind, gcAtMs: worstGc.atMs };
    },
  };
}
