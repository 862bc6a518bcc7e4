import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EvalCellsPage } from '../../src-shared/evals/eval-run-views';
import { planSummary } from '../../src-shared/evals/run-plan';
import { evalRunRepository } from '../core/db/eval-repository-runs';
import { saveSampleEval } from '../core/evals/eval-run.test-helper';
import { StorageNotices } from '../core/storage/storage-notices';
import { openWorkerServices, type WorkerServices } from './worker-services.test-helper';

/*
 * The matrix's page (`evals.runs.cells`) is asked every 2 s while a run sends: with the app's
 * worker pool, a worker reads it and main only passes it on (issue 24; docs/architecture.md,
 * "Evals"). Counted, not timed: main's own page code is not called while a worker is idle.
 */
const RUN = 'run-1';
let h: WorkerServices;
let t: WorkerServices['t'];
let call: WorkerServices['call'];

/** The sample eval with a paused run: rows 0 and 2 of variant B on the mini target done. */
function seed(db: DatabaseSync) {
  const record = saveSampleEval(db, 3);
  const { id: _id, createdAt: _c, updatedAt: _u, ...spec } = record;
  const runs = evalRunRepository({ db, notices: new StorageNotices() });
  runs.putRun({
    id: RUN,
    evalId: 'support',
    state: 'paused',
    createdAt: 1,
    updatedAt: 1,
    spec,
    plan: planSummary(spec, 3),
  });
  for (const row of [0, 2])
    runs.putCell({
      runId: RUN,
      row,
      variantId: 'B',
      targetId: 'mini',
      sample: 0,
      cacheKey: `k${row}`,
      state: 'done',
      reply: { text: `Dear customer of row ${row}` },
      checks: [{ kind: 'contains', pass: true, reason: 'yes' }],
      grades: [{ name: 'tone', kind: 'noul', noul: 0.8 }],
      latencyMs: 120,
      updatedAt: 2,
    });
}

beforeAll(async () => {
  h = await openWorkerServices('gatehouse-eval-cells-worker-', { seed });
  ({ t, call } = h);
}, 60_000);

afterAll(() => h?.close());

describe('a page of the matrix with a worker pool', () => {
  it('is read by a worker, the same page main would read', async () => {
    const reads = t.services.evalRunReads;
    const expected = reads.cells({ runId: RUN, from: 0, limit: 3 });
    const onMain = vi.spyOn(reads, 'cells');
    const page = await call<EvalCellsPage>('evals.runs.cells', { runId: RUN, from: 0, limit: 3 });
    const listed = await call<EvalCellsPage>('evals.runs.cells', { runId: RUN, rows: [2] });
    expect(onMain).not.toHaveBeenCalled();
    onMain.mockRestore();
    expect(page).toEqual(expected);
    expect(page.rows.map((r) => r.cells.length)).toEqual([1, 0, 1]);
    expect(page.rows[2].cells[0]).toMatchObject({ replyPreview: 'Dear customer of row 2', latencyMs: 120 });
    expect(listed.rows.map((r) => r.position)).toEqual([2]);
  });

  it('refuses a bad page by its field, as main does', async () => {
    await expect(call('evals.runs.cells', { runId: 'gone', from: 0, limit: 3 })).rejects.toThrow(
      /no longer exists/,
    );
  });
});
