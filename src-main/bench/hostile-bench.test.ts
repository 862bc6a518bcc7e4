import { describe, expect, it } from 'vitest';
import { hostileRow } from './hostile-bench';

const MB = 1024 * 1024;

describe('hostileRow', () => {
  it('marks each measure against its bound', () => {
    const row = hostileRow({
      name: '50 MiB SSE line',
      peakRssGrowthBytes: 23 * MB,
      maxStallMs: 140,
      maxLagMs: 150,
      ended: 'The gateway sent a single event larger than 4 MB…',
      load: { load1: 0.42, cpus: 2 },
    });
    expect(row).toMatch(/peak memory ok {3}\+23 MB \(bound \+150 MB\)/);
    expect(row).toMatch(/longest stall OVER 140 ms \(bound 100 ms; timer lag by the clock 150 ms\)/);
    expect(row).toMatch(/\[load 0\.4\/2 cpus\]/);
    expect(row).toMatch(/ended: The gateway sent a single event larger than 4 MB/);
  });
});
