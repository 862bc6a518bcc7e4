import { describe, expect, it } from 'vitest';
import {
  BUDGETS,
  evalMatrixLine,
  evalRunLine,
  firstLoadLine,
  openChatLine,
  videoLine,
} from './window-report';

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
    // The issue's budget for 200 messages: 25 ms of the page's main-thread work.
    expect(openChatLine({ medianMs: 26, maxMs: 30, load })).toMatch(
      /OVER 26 ms main-thread work \(median; max 30; budget 25\)/,
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

const loop = { p99Ms: 12.3, maxMs: 41, ownP99Ms: 1, ownMaxMs: 3, samples: 100 };

describe('the eval rows', () => {
  const run = {
    rows: 1_000,
    variants: 2,
    targets: 2,
    cells: 4_000,
    concurrency: 8,
    chatLatencyMs: 200,
    judgeLatencyMs: 200,
    wallMs: 226_000,
    idealMs: 200_000,
    longTasks: 0,
    longestTaskMs: 0,
    tasksOver50: [],
    tasksCpu: [],
    progressShown: true,
    progressSeen: 4_000,
    loop,
    cpu: { mainMs: 41_500, processMs: 60_200 },
    load,
  };

  it('states the ideal it judges the eval run against, and main beside it', () => {
    const line = evalRunLine(run);
    expect(line).toMatch(
      /ok {3}226\.0 s = 1\.130× the ideal 200\.0 s \(4,000 cells × 0\.4 s \/ 8; budget 1\.15×\)/,
    );
    expect(line).toMatch(
      /ok {3}0 tasks > 50 ms .*progress shown to the end; main's loop p99 12\.3 ms, max 41 ms/,
    );
    expect(line).toMatch(/main's own CPU 41\.5 s \(the process 60\.2 s\) {2}\[load 0\.8\/2 cpus\]$/);
    expect(BUDGETS.evalRunRatio).toBe(1.15);
    const slow = evalRunLine({
      ...run,
      wallMs: 240_000,
      longTasks: 2,
      longestTaskMs: 80,
      progressShown: false,
      progressSeen: 3_900,
      tasksCpu: null,
      tasksOver50: [
        { atS: 0.2, ms: 61 },
        { atS: 180.4, ms: 80 },
      ],
    });
    expect(slow).toMatch(/; the tasks over 50 ms at 0\.2 s \(61 ms\), 180\.4 s \(80 ms\) {2}\[/);
    expect(evalRunLine({ ...run, longTasks: 1, longestTaskMs: 53 })).toMatch(
      /OVER 1 tasks > 50 ms \(longest 53 ms; the trace saw no single task over 50 ms\)/,
    );
    expect(slow).toMatch(/OVER 240\.0 s = 1\.200×/);
    expect(slow).toMatch(
      /OVER 2 tasks > 50 ms \(longest 80 ms\), progress NOT shown to the end \(bar reached 3,900\)/,
    );
  });

  it('judges the matrix scroll on its long tasks, the pages beside', () => {
    const line = evalMatrixLine({
      rows: 100_000,
      columns: 4,
      wheelSteps: 330,
      wheelRows: 1_200,
      jumps: 9,
      longTasks: 1,
      longestTaskMs: 63,
      tasksCpu: [{ ms: 63, cpuMs: 4.2 }],
      fetches: { count: 40, medianMs: 21, maxMs: 90 },
      jumpToRows: { medianMs: 60, maxMs: 120 },
      loop,
      cpu: null,
      load,
    });
    expect(line).toMatch(
      /100,000 rows × 4 columns, 330 wheel steps \(the first 1,200 rows down\) and 9 far jumps: OVER 1 tasks > 50 ms \(longest 63 ms, their CPU at most 4 ms\)/,
    );
    expect(line).toMatch(
      /40 pages fetched, 21 ms median, 90 ms max; a far jump to its rows on screen 60 ms median, 120 ms max {2}\[/,
    );
  });
});
