import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalRecordSchema } from '../../src-shared/evals/eval-definition';
import type {
  EvalCellDetail,
  EvalCellsPage,
  EvalRunEstimate,
  EvalRunView,
} from '../../src-shared/evals/eval-run-views';
import { planSummary } from '../../src-shared/evals/run-plan';
import { evalRepository } from '../core/db/eval-repository';
import { evalRunRepository } from '../core/db/eval-repository-runs';
import { transaction } from '../core/db/transaction';
import { sampleRows, saveSampleEval } from '../core/evals/eval-run.test-helper';
import { tokenizerLoadedHere } from '../core/judge/token-counter';
import { StorageNotices } from '../core/storage/storage-notices';
import { openWorkerServices, type WorkerServices } from './worker-services.test-helper';

/*
 * A finished 100,000-row eval run through the routes (docs/architecture.md, "Evals (in
 * progress)"): no handler may hold main's event loop for 50 ms, measured as
 * judge-runs-main-block.test.ts does (a 10 ms timer's lateness, counted only while main's own
 * thread used the CPU). Wall times are printed, never asserted: speed is `npm run bench`'s.
 */
const STALL_BOUND_MS = 50;
const ROWS = 100_000;
const RUN = 'big-run';

let h: WorkerServices;

/** 100,000 rows × 2 variants × 1 target, every cell done with a reply, checks and grades. */
function seed(database: DatabaseSync): void {
  const notices = new StorageNotices();
  const record = saveSampleEval(database, 0);
  const evals = evalRepository({ db: database, notices });
  evals.put(evalRecordSchema.parse({ ...record, targets: [record.targets[0]] }));
  for (let from = 0; from < ROWS; from += 1_000)
    evals.appendRows(
      'support',
      Array.from({ length: 1_000 }, (_, i) => sampleRows[(from + i) % sampleRows.length]),
    );
  const { id: _id, createdAt: _c, updatedAt: _u, ...spec } = evals.get('support')!;
  evalRunRepository({ db: database, notices }).putRun({
    id: RUN,
    evalId: 'support',
    state: 'done',
    createdAt: 1,
    updatedAt: 2,
    spec,
    plan: planSummary(spec, ROWS),
  });
  const insert = database.prepare(
    `INSERT INTO eval_cells (run_id, row_position, variant_id, target_id, sample, cache_key, state, reply,
       latency_ms, tokens_in, tokens_out, checks, grades, updated_at)
     VALUES (?, ?, ?, 'one', 0, ?, 'done', ?, 812, 120, 95, ?, ?, 3)`,
  );
  const checks = JSON.stringify([
    { kind: 'contains', pass: true, reason: 'the reply contains “Ada”' },
    { kind: 'max-length', pass: true, reason: '412 characters, at most 2000' },
  ]);
  const grades = JSON.stringify(
    ['resolves', 'tone', 'helpfulness'].map((name) => ({ name, kind: 'noul', noul: 0.71, confidence: 0.9 })),
  );
  transaction(database, () => {
    for (let row = 0; row < ROWS; row++)
      for (const v of ['A', 'B'])
        insert.run(
          RUN,
          row,
          v,
          `k-${row}-${v}`,
          JSON.stringify({ text: `Dear customer ${row}, ${'x'.repeat(400)}` }),
          checks,
          grades,
        );
    database.prepare('UPDATE eval_runs SET done_cells = ? WHERE id = ?').run(ROWS * 2, RUN);
  });
}

beforeAll(async () => {
  h = await openWorkerServices('gatehouse-eval-runs-block-', {
    seed: (db) => {
      const seeded = performance.now();
      seed(db);
      console.log(`seeded ${ROWS * 2} cells in ${(performance.now() - seeded).toFixed(0)} ms`);
    },
  });
}, 180_000);

afterAll(() => h?.close());

const watched = <T>(name: string, route: string, input: unknown) => h.watched<T>(name, route, input);

describe(`the run routes over ${ROWS.toLocaleString('en')} rows never hold main for ${STALL_BOUND_MS} ms`, () => {
  it('pages of the matrix (top, far down, a list of rows), one cell, the list and the estimate', async () => {
    const top = await watched<EvalCellsPage>('cells 0–199', 'evals.runs.cells', {
      runId: RUN,
      from: 0,
      limit: 200,
    });
    expect(top.result.rows).toHaveLength(200);
    expect(top.result.rows[0].cells.map((c) => c.variantId)).toEqual(['A', 'B']);
    expect.soft(top.maxStallMs).toBeLessThan(STALL_BOUND_MS);

    const far = await watched<EvalCellsPage>('cells far down', 'evals.runs.cells', {
      runId: RUN,
      from: ROWS - 200,
      limit: 200,
    });
    expect(far.result.total).toBe(ROWS);
    expect(far.result.rows.at(-1)?.position).toBe(ROWS - 1);
    expect(far.result.rows.at(-1)?.cells[1]).toMatchObject({
      variantId: 'B',
      replyChars: `Dear customer ${ROWS - 1}, `.length + 400,
      checks: { pass: 2, fail: 0, unknown: 0 },
    });
    expect(far.result.rows.at(-1)?.cells[1].replyPreview).toHaveLength(300);
    expect.soft(far.maxStallMs).toBeLessThan(STALL_BOUND_MS);

    const scattered = Array.from({ length: 200 }, (_, i) => (i * 7_919) % ROWS);
    const listed = await watched<EvalCellsPage>('cells by a list of 200 rows', 'evals.runs.cells', {
      runId: RUN,
      rows: scattered,
    });
    expect(listed.result.rows).toHaveLength(200);
    expect.soft(listed.maxStallMs).toBeLessThan(STALL_BOUND_MS);

    const one = await watched<EvalCellDetail>('one cell', 'evals.runs.cell', {
      runId: RUN,
      row: 54_321,
      variantId: 'A',
      targetId: 'one',
      sample: 0,
    });
    expect(one.result.cell.reply?.text).toMatch(/^Dear customer 54321, x+$/);
    expect.soft(one.maxStallMs).toBeLessThan(STALL_BOUND_MS);

    const list = await watched<EvalRunView[]>('runs list', 'evals.runs.list', { id: 'support' });
    expect(list.result[0]).toMatchObject({ id: RUN, done: ROWS * 2 });
    expect.soft(list.maxStallMs).toBeLessThan(STALL_BOUND_MS);

    const estimate = await watched<EvalRunEstimate>('estimate', 'evals.runs.estimate', {
      id: 'support',
      concurrency: 8,
    });
    // The seeded cells' keys are not the requests' own, so the cache answers none of them.
    expect(estimate.result).toMatchObject({ cells: ROWS * 2, chatCalls: ROWS * 2, cachedCells: 0 });
    expect(estimate.result.promptTokens).toBeGreaterThan(ROWS * 2 * 20);
    expect(tokenizerLoadedHere()).toBe(false);
    expect.soft(estimate.maxStallMs).toBeLessThan(STALL_BOUND_MS);
  }, 300_000);
});
