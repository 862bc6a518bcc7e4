import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EvalRecord, EvalSpecInput } from '../../src-shared/evals/eval-definition';
import { evalRepository } from '../core/db/eval-repository';
import { openDataFolder } from '../core/db/open-data-folder';
import { reportFigures } from '../core/evals/report/eval-report-service';
import { runFigures } from '../core/evals/report/eval-run-figures';
import { StorageNotices } from '../core/storage/storage-notices';
import { routerCalls, testServices } from './services.test-helper';

/*
 * evals.runs.report with the app's worker threads (docs/architecture.md, "Evals"):
 * the figures come from the statistics' jobs in the pool, the same as main computes them.
 */
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-eval-report-'));
const notices = new StorageNotices();
const db = openDataFolder(dir, notices);
const t = testServices({ database: db, dataDir: dir, notices, workers: true });
const { call } = routerCalls(t.services);
afterAll(async () => {
  await t.services.workers?.close();
  await t.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const ROWS = 40;
const spec: EvalSpecInput = {
  name: 'Worker report',
  dataset: { source: { kind: 'stored' }, columns: ['customer'] },
  variants: [
    { id: 'A', name: 'Plain', user: 'Hello from {{customer}}' },
    { id: 'B', name: 'Warm', user: 'Dear {{customer}}' },
  ],
  targets: [{ id: 'one', profileId: 'sandbox', model: 'sandbox-chat-1' }],
  checks: [{ kind: 'max-length', chars: 100 }],
  minimums: [{ kind: 'pass-rate', of: 'checks', min: 0.5 }],
};

describe('evals.runs.report in the worker threads', () => {
  it('computes the figures in the pool, as main computes them, and writes the report', async () => {
    await t.services.workers!.ready();
    const record = await call<EvalRecord>('evals.create', { spec });
    evalRepository({ db, notices }).appendRows(
      record.id,
      Array.from({ length: ROWS }, (_, i) => ({ variables: { customer: `C${i}` } })),
    );
    const { id: _id, createdAt: _c, updatedAt: _u, ...definition } = record;
    const runs = t.services.evalRuns;
    runs.putRun({
      id: 'worker-run',
      evalId: record.id,
      state: 'done',
      createdAt: Date.UTC(2026, 10, 27),
      updatedAt: 1,
      spec: definition,
      plan: {
        rows: ROWS,
        variants: 2,
        targets: 1,
        repeats: 1,
        columns: 2,
        cells: 80,
        judgeCalls: 0,
        embeddingInputs: 0,
      },
    });
    for (let row = 0; row < ROWS; row++)
      for (const variantId of ['A', 'B'])
        runs.putCell({
          runId: 'worker-run',
          row,
          variantId,
          targetId: 'one',
          sample: 0,
          cacheKey: `k${row}${variantId}`,
          state: 'done',
          reply: { text: 'Hi' },
          latencyMs: 100 + row,
          // B passes every check, A only on even rows: a difference the comparison calls decisive.
          checks: [{ kind: 'max-length', pass: variantId === 'B' || row % 2 === 0, reason: '' }],
          updatedAt: 1,
        });
    const run = runs.getRun('worker-run')!;
    const fromPool = await reportFigures({ db, runs, pool: t.services.workers })(run);
    // The statistics' jobs in the pool answer as the statistics over the cells read in main.
    expect(fromPool).toEqual(runFigures(run.spec, runs.cells('worker-run', 0, ROWS)));
    expect(fromPool.comparisons.map((c) => c.sentence)).toEqual([
      'Warm × sandbox-chat-1 beats Plain × sandbox-chat-1 by 50 points [35, 65] on 40 rows',
    ]);
    expect(fromPool.gates.map((g) => g.pass)).toEqual([true, true]);

    const where = await call<string | null>('evals.runs.report', { runId: 'worker-run', language: 'en' });
    expect(where).toMatch(/Worker-report-2026-11-27\.report\.html$/);
    expect(t.savedText.get(t.saved.at(-1)!)).toContain('beats Plain × sandbox-chat-1 by 50 points');
  }, 60_000);
});
