import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataFolder } from '../core/db/open-data-folder';
import { StorageNotices } from '../core/storage/storage-notices';
import { type BigRun, seedBigRun } from '../test-support/big-judge-run';
import { watchMain } from '../test-support/hostile-gateway';
import { browserDesktopActions } from '../web/browser-desktop-actions';
import { routerCalls, testServices } from './services.test-helper';

/*
 * Reports over a 100,000-case run (docs/architecture.md, "Reports") hold main's event loop no
 * longer than the other routes may (judge-runs-main-block.test.ts, 50 ms of main's own CPU): the
 * agreement and drift are computed in the worker threads, and main only writes their summaries
 * (curves of 200 points, a page of 100 flips) into the file. Wall and CPU figures are printed,
 * never asserted: speed targets belong in `npm run bench`.
 */
const STALL_BOUND_MS = 50;
const CASES = 100_000;
const GB = 1024 * 1024 * 1024;

let dir: string;
let db: DatabaseSync;
let big: BigRun;
let t: ReturnType<typeof testServices>;
let call: ReturnType<typeof routerCalls>['call'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-report-block-'));
  db = openDataFolder(dir, new StorageNotices());
  big = seedBigRun(db, CASES);
  t = testServices({
    database: db,
    dataDir: dir,
    workers: true,
    desktop: browserDesktopActions(join(dir, 'exports')),
  });
  ({ call } = routerCalls(t.services));
  await t.services.workers!.ready();
}, 120_000);

afterAll(async () => {
  await t?.services.workers?.close();
  await t?.close();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function watched(name: string, input: object) {
  const started = performance.now();
  const cpu = process.threadCpuUsage();
  const w = await watchMain(() => call<string>('judge.report.save', input), {
    guardMs: 120_000,
    abortGrowthBytes: 8 * GB,
  });
  const used = process.threadCpuUsage(cpu);
  const bytes = readFileSync(w.result).byteLength;
  console.log(
    `${name}: ${(performance.now() - started).toFixed(0)} ms, main's thread ${((used.user + used.system) / 1000).toFixed(0)} ms of CPU, ` +
      `held at most ${w.maxStallMs.toFixed(0)} ms (timer lag by the clock ${w.maxLagMs.toFixed(0)} ms), ` +
      `${(bytes / 1024).toFixed(0)} KB, load ${loadavg()[0].toFixed(1)}/${cpus().length} cpus`,
  );
  return { ...w, bytes };
}

describe(`reports over a ${CASES.toLocaleString('en')}-case run never hold main for ${STALL_BOUND_MS} ms`, () => {
  it('the agreement report and the drift report', async () => {
    const agreement = await watched('agreement report', { kind: 'agreement', id: big.runA, language: 'en' });
    expect(agreement.result).toMatch(/A-big-set-agreement-.*\.report\.html$/);
    expect.soft(agreement.maxStallMs).toBeLessThan(STALL_BOUND_MS);
    // A summary, whatever the run's size: curves and bins are bounded, not 100,000 rows.
    expect(agreement.bytes).toBeLessThan(200 * 1024);

    const drift = await watched('drift report', {
      kind: 'drift',
      a: big.runA,
      b: big.runB,
      language: 'zh-CN',
    });
    expect(drift.result).toMatch(/A-big-set-drift-.*\.report\.html$/);
    expect.soft(drift.maxStallMs).toBeLessThan(STALL_BOUND_MS);
    // The first 100 of the flips only.
    expect((readFileSync(drift.result, 'utf8').match(/<span class="state">/g) ?? []).length).toBe(100);
  }, 240_000);
});
