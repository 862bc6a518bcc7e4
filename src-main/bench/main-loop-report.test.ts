import { describe, expect, it } from 'vitest';
import { mainLoopRow, worstDelay } from './main-loop-report';

const load = { load1: 1.24, cpus: 2 };

describe('mainLoopRow', () => {
  it('judges p99 and max by the clock against 20 and 50 ms, with main’s own share and the load beside them', () => {
    const row = mainLoopRow({
      workload: "opening a 100,000-case run's grid",
      delay: { p99Ms: 12.3, maxMs: 4700, ownP99Ms: 9.87, ownMaxMs: 4650.4, samples: 900 },
      load,
      note: 'first page 4712 ms (budget 300)',
    });
    expect(row).toMatch(/p99 ok {3}\s+12 ms/);
    expect(row).toMatch(/max OVER\s+4700 ms/);
    expect(row).toMatch(/\(main's own CPU: p99 9\.9, max 4650\)/);
    expect(row).toMatch(/load 1\.2\/2 cpus {2}first page 4712 ms/);
  });

  it('marks a p99 over budget even when the worst delay is within it', () => {
    const row = mainLoopRow({
      workload: 'streaming',
      delay: { p99Ms: 21, maxMs: 40, ownP99Ms: 3, ownMaxMs: 5, samples: 10 },
      load,
    });
    expect(row).toMatch(/p99 OVER\s+21 ms {2}max ok {3}\s+40 ms/);
  });

  it('names the longest garbage collection beside main’s own CPU, when the probe saw one', () => {
    const row = mainLoopRow({
      workload: 'streaming',
      delay: { p99Ms: 5, maxMs: 58, ownP99Ms: 2, ownMaxMs: 9, samples: 10, gcMaxMs: 47.2, gcKind: 'major' },
      load,
    });
    expect(row).toMatch(/\(main's own CPU: p99 2\.0, max 9\.0; longest GC 47 \(major\)\)/);
  });

  it('says when each worst figure came, in seconds after the watch began, when the probe said', () => {
    const row = mainLoopRow({
      workload: 'an eval run',
      delay: {
        ...{ p99Ms: 5, maxMs: 69, ownP99Ms: 2, ownMaxMs: 32, samples: 10, gcMaxMs: 26, gcKind: 'major' },
        ...{ maxAtMs: 812, ownMaxAtMs: 640, gcAtMs: 95_400 },
      },
      load,
    });
    expect(row).toMatch(/max OVER\s+69 ms at 0\.8 s/);
    expect(row).toMatch(/max 32 at 0\.6 s; longest GC 26 \(major\) at 95\.4 s\)/);
  });
});

describe('worstDelay', () => {
  it('keeps each figure’s worst round and adds up the samples', () => {
    expect(
      worstDelay([
        { p99Ms: 3, maxMs: 80, ownP99Ms: 2, ownMaxMs: 10, samples: 100 },
        { p99Ms: 7, maxMs: 20, ownP99Ms: 1, ownMaxMs: 15, samples: 50 },
      ]),
    ).toEqual({ p99Ms: 7, maxMs: 80, ownP99Ms: 2, ownMaxMs: 15, samples: 150 });
    expect(
      worstDelay([
        { p99Ms: 3, maxMs: 80, ownP99Ms: 2, ownMaxMs: 10, samples: 100, gcMaxMs: 4, gcKind: 'minor' },
        { p99Ms: 7, maxMs: 20, ownP99Ms: 1, ownMaxMs: 15, samples: 50, gcMaxMs: 31, gcKind: 'major' },
      ]),
    ).toMatchObject({ gcMaxMs: 31, gcKind: 'major' });
    expect(worstDelay([])).toEqual({ p99Ms: 0, maxMs: 0, ownP99Ms: 0, ownMaxMs: 0, samples: 0 });
  });
});
