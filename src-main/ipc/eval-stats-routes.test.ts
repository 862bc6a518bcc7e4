import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { EvalFilterPage, EvalRunStats } from '../../src-shared/ipc/routes/eval-stats-routes';
import { openDataFolder } from '../core/db/open-data-folder';
import { evalStatsJobs } from '../core/evals/eval-stats-job';
import { MARKS_TABLE_SQL, seedStatsRun } from '../core/evals/eval-stats.test-helper';
import { StorageNotices } from '../core/storage/storage-notices';
import { routerCalls, testServices } from './services.test-helper';

const ctx = { progress: () => undefined };
const cell = (row: number, v: string) => ({ pass: v === 'warm' || row % 3 > 0, score: row % 4, noul: 0.7 });

describe('eval statistics routes', () => {
  const t = testServices();
  const { send, call } = routerCalls(t.services);
  const { runId } = seedStatsRun(t.services.env.database, { rows: 30, cell: (r, v) => cell(r, v) });
  afterAll(() => t.close());

  it('answer in main without a pool, and refuse bad input naming the field and the rule', async () => {
    const stats = await call<EvalRunStats>('evals.runs.stats', { runId });
    expect(stats.columns).toHaveLength(4);
    const page = await call<EvalFilterPage>('evals.runs.filter', {
      runId,
      filter: {
        kind: 'disagree',
        a: { variantId: 'terse', targetId: 'a' },
        b: { variantId: 'warm', targetId: 'a' },
        of: 'checks',
      },
      from: 0,
      limit: 3,
    });
    expect(page).toEqual({ positions: [0, 3, 6], total: 10, from: 0 });
    const bad = async (route: string, input: unknown) => {
      const r = await send(route, input);
      return r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`;
    };
    expect(
      await bad('evals.runs.filter', {
        runId,
        filter: { kind: 'errored', column: { variantId: 'warm', targetId: 'a' } },
        from: 0,
        limit: 0,
      }),
    ).toBe('invalid_input: limit: must be a whole number from 1 to 1000');
    expect(await bad('evals.runs.filter', { runId, filter: { kind: 'slow' }, from: 0, limit: 5 })).toMatch(
      /^invalid_input: filter(\.kind)?: must be \{"kind": "disagree" \| "fails-check" \| "errored", …\}$/,
    );
    expect(
      await bad('evals.runs.compare', {
        runId,
        a: { variantId: 'terse', targetId: 'a' },
        b: { variantId: 'warm', targetId: 'a' },
        of: 'tone',
      }),
    ).toBe('invalid_input: of: must be "checks" or {"question": NAME}');
    expect(await bad('evals.runs.stats', { runId: 'a b' })).toBe('invalid_input: runId: must be a run id');
    expect(await bad('evals.runs.stats', { runId: 'gone' })).toMatch(/^not_found: /);
  });
});

describe('eval statistics in the worker pool', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-eval-stats-'));
  const notices = new StorageNotices();
  const db = openDataFolder(dir, notices);
  const { runId } = seedStatsRun(db, { rows: 500, repeats: 2, cell: (r, v, _t, s) => cell(r + s, v) });
  db.exec(MARKS_TABLE_SQL);
  db.prepare(
    "INSERT INTO eval_cell_marks VALUES (?, 1, 'terse', 'a', 0, 'good', 1), (?, 3, 'terse', 'a', 0, 'bad', 1)",
  ).run(runId, runId);
  const t = testServices({ database: db, dataDir: dir, notices, workers: true });
  afterAll(async () => {
    await t.services.workers?.close();
    await t.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('run as jobs of the pool and answer what the job gives in main', async () => {
    await t.services.workers!.ready();
    const run = vi.spyOn(t.services.workers!, 'run');
    const { call } = routerCalls(t.services);
    const stats = await call<EvalRunStats>('evals.runs.stats', { runId });
    expect(run).toHaveBeenCalledWith(
      'evals.runs.stats',
      { runId, marksOf: 'checks' },
      expect.objectContaining({ key: runId }),
    );
    const local = evalStatsJobs(db);
    expect(stats).toEqual(local['evals.runs.stats']({ runId, marksOf: 'checks' }, ctx));
    expect(stats.marks).toMatchObject({ cases: 2 });
    const input = {
      runId,
      a: { variantId: 'terse', targetId: 'b' },
      b: { variantId: 'warm', targetId: 'b' },
      of: 'checks' as const,
    };
    expect(await call('evals.runs.compare', input)).toEqual(local['evals.runs.compare'](input, ctx));
    expect(run).toHaveBeenCalledTimes(2);
  });
});
