import { describe, expect, it } from 'vitest';
import { lateness, startLoopProbe, watchGc } from './loop-probe';

describe('lateness', () => {
  it('is the gap past the period, counted against main only as far as its CPU time goes', () => {
    expect(lateness(130, 100, 10)).toEqual({ clockMs: 120, ownMs: 100 });
    // A machine busy elsewhere: late by the clock, while main barely ran.
    expect(lateness(130, 2, 10)).toEqual({ clockMs: 120, ownMs: 2 });
    // Main's CPU never counts for more than the lateness itself.
    expect(lateness(15, 15, 10)).toEqual({ clockMs: 5, ownMs: 5 });
    expect(lateness(8, 3, 10)).toEqual({ clockMs: 0, ownMs: 0 });
  });
});

describe('startLoopProbe', () => {
  it('sees main held by synchronous work, up to the moment it is stopped', async () => {
    // Straight after the start, as the bench calls a route: Node's histogram must see it too.
    const probe = await startLoopProbe();
    const until = performance.now() + 80;
    while (performance.now() < until) {
      // Holds the loop, as a long synchronous route handler would.
    }
    const seen = await probe.stop();
    // The gap over the busy wait lasts at least its 80 ms; the period (10 ms) is not delay. With
    // so few gaps, the 99th percentile is that gap too.
    expect(seen.maxMs).toBeGreaterThanOrEqual(70);
    expect(seen.p99Ms).toBeGreaterThanOrEqual(70);
    expect(seen.ownMaxMs).toBeLessThanOrEqual(seen.maxMs);
    expect(seen.p99Ms).toBeLessThanOrEqual(seen.maxMs);
  });
});

describe('startLoopProbe: when', () => {
  it('says when its worst gap ended, after the probe started', async () => {
    const probe = await startLoopProbe();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, 60));
    const busyFrom = performance.now() - t0;
    const until = performance.now() + 150;
    while (performance.now() < until) {
      // The one long stall, 60 ms or more into the watch.
    }
    const busyTo = performance.now() - t0;
    const seen = await probe.stop();
    expect(seen.maxMs).toBeGreaterThanOrEqual(140);
    // The gap over the busy wait ends once it is over, by the clock and by main's own CPU.
    expect(seen.maxAtMs).toBeGreaterThanOrEqual(busyTo - 1);
    expect(seen.maxAtMs).toBeLessThan(busyTo + 100);
    expect(seen.ownMaxAtMs).toBeGreaterThan(busyFrom);
  });
});

describe('watchGc', () => {
  it('names the longest garbage collection while it watched, and nothing after it stopped', async () => {
    const gc = watchGc();
    // Short-lived garbage, as a stream's parsed chunks are: the young generation fills and is collected.
    let kept: { i: number; s: string }[] = [];
    let made = 0;
    for (let i = 0; i < 1_000_000; i++) {
      kept.push({ i, s: `chunk ${i}` });
      if (kept.length === 10_000) {
        made += kept.length;
        kept = [];
      }
    }
    await new Promise((r) => setTimeout(r, 20));
    const seen = gc.stop();
    expect(made).toBe(1_000_000);
    expect(seen.maxMs).toBeGreaterThan(0);
    expect(['major', 'minor', 'incremental', 'weak callbacks']).toContain(seen.kind);
    expect(seen.atMs).toBeGreaterThanOrEqual(0);
  });
});
