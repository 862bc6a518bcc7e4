import { describe, expect, it } from 'vitest';
import { BUDGETS, firstLoadLine, openChatLine, videoLine } from './window-report';

const load = { load1: 0.8, cpus: 2 };

describe('firstLoadLine', () => {
  it('judges what Chromium fetched and shows the static count beside it, with the gap', () => {
    const line = firstLoadLine({ files: 14, rawKb: 390, gzipKb: 123.2, staticKb: 100.4, load });
    expect(line).toMatch(/measured in Chromium\): OVER 123\.2 KB gzip .*budget 120 KB/);
    expect(line).toMatch(/static count of the same: 100\.4 KB \(22\.8 KB apart\)/);
    expect(line).toMatch(/\[load 0\.8\/2 cpus\]$/);
    expect(firstLoadLine({ files: 14, rawKb: 390, gzipKb: 119.5, staticKb: 119.5, load })).toMatch(
      /ok {3}119\.5 KB gzip .*static count of the same: 119\.5 KB {2}\[/,
    );
  });
});

describe('videoLine', () => {
  it('budgets the first minute as well as the later one', () => {
    const line = videoLine({
      tasks: 20,
      firstMinuteMs: 640,
      firstSpanS: { from: 3.2, to: 60 },
      perMinuteMs: 210,
      load,
    });
    expect(line).toMatch(/budget 0\.50 s\): first minute OVER 0\.64 s \(3–60 s after they started/);
    expect(line).toMatch(/later ok {3}0\.21 s/);
  });
});

describe('the main thread’s CPU beside its busy time', () => {
  it('is shown for opening a conversation and for the Video tab, not judged', () => {
    expect(openChatLine({ medianMs: 310, maxMs: 400, medianCpuMs: 22, load })).toMatch(
      new RegExp(
        `OVER 310 ms main-thread work \\(median; max 400; budget ${BUDGETS.openLongChatMs}; main thread's CPU 22 ms\\)`,
      ),
    );
    expect(openChatLine({ medianMs: 3, maxMs: 4, load })).toMatch(
      /ok {3}3 ms main-thread work \(median; max 4; budget \d+\) {2}\[/,
    );
    const video = videoLine({
      tasks: 20,
      firstMinuteMs: 450,
      firstSpanS: { from: 3, to: 60 },
      perMinuteMs: 300,
      cpu: { firstMinuteMs: 380, perMinuteMs: 250 },
      load,
    });
    expect(video).toMatch(
      /later ok {3}0\.30 s \(checked about every 30 s\); main thread's CPU 0\.38 s and 0\.25 s/,
    );
  });
});
