import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BigRun, seedBigRun } from '../test-support/big-judge-run';
import { openWorkerServices, type WorkerServices } from './worker-services.test-helper';

/*
 * Reports over a 100,000-case run (docs/architecture.md, "Reports") hold main's event loop no
 * longer than the other routes may (judge-runs-main-block.test.ts, 50 ms of main's own CPU): the
 * agreement and drift are computed in the worker threads, and main only writes their summaries
 * (curves of 200 points, a page of 100 flips) into the file. Wall and CPU figures are printed,
 * never asserted: speed targets belong in `npm run bench`.
 */
const STALL_BOUND_MS = 50;
const CASES = 100_000;

let big: BigRun;
let h: WorkerServices;

beforeAll(async () => {
  h = await openWorkerServices('gatehouse-report-block-', {
    seed: (db) => {
      big = seedBigRun(db, CASES);
    },
    exports: true,
  });
}, 120_000);

afterAll(() => h?.close());

/** A report saved, watched; the file's size printed beside main's figures. */
async function watched(name: string, input: object) {
  const w = await h.watched<string>(name, 'judge.report.save', input);
  const bytes = readFileSync(w.result).byteLength;
  console.log(`${name}: ${(bytes / 1024).toFixed(0)} KB`);
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
