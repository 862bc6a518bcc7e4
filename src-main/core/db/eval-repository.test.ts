import type { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { type EvalRecord, evalRecordSchema, evalSpecSchema } from '../../../src-shared/evals/eval-definition';
import type { EvalCell, EvalRun } from '../../../src-shared/evals/eval-run';
import { sampleSpecInput } from '../../../src-shared/evals/eval-spec.test-helper';
import { planSummary } from '../../../src-shared/evals/run-plan';
import { StorageNotices } from '../storage/storage-notices';
import { evalRepository } from './eval-repository';
import { evalRunRepository } from './eval-repository-runs';
import { openMemoryDatabase } from './open-database';

let db: DatabaseSync;
let notices: StorageNotices;
const repos = () => ({ evals: evalRepository({ db, notices }), runs: evalRunRepository({ db, notices }) });

const record = (id: string, updatedAt: number): EvalRecord =>
  evalRecordSchema.parse({ ...sampleSpecInput(), id, createdAt: 1, updatedAt });
const spec = evalSpecSchema.parse(sampleSpecInput());
const run = (id: string, evalId = 'e1', createdAt = 10): EvalRun => ({
  id,
  evalId,
  state: 'running',
  createdAt,
  updatedAt: createdAt,
  spec,
  plan: planSummary(spec, 3),
});
const cell = (over: Partial<EvalCell> = {}): EvalCell => ({
  runId: 'r1',
  row: 0,
  variantId: 'terse',
  targetId: 'a',
  sample: 0,
  cacheKey: 'k0',
  state: 'done',
  reply: { text: 'We will refund you.', finishReason: 'stop' },
  latencyMs: 812.5,
  tokensIn: 40,
  tokensOut: 7,
  costYuan: 0.0012,
  checks: [{ kind: 'contains', pass: true, reason: 'contains “refund”' }],
  grades: [{ name: 'offers_refund', kind: 'noul', noul: 0.93 }],
  similarity: 0.87,
  updatedAt: 20,
  ...over,
});
const quarantined = () =>
  Number((db.prepare('SELECT count(*) AS n FROM quarantine').get() as { n: number }).n);

beforeEach(() => {
  db = openMemoryDatabase();
  notices = new StorageNotices();
});

describe('the eval repository', () => {
  it('puts, gets, lists (newest change first) and deletes evals', () => {
    const { evals } = repos();
    evals.put(record('e1', 5));
    evals.put(record('e2', 9));
    expect(evals.get('e1')).toEqual(record('e1', 5));
    expect(evals.list().map((e) => e.id)).toEqual(['e2', 'e1']);
    evals.put({ ...record('e1', 12), name: 'Renamed' });
    expect(evals.list().map((e) => [e.id, e.name])).toEqual([
      ['e1', 'Renamed'],
      ['e2', 'Support replies'],
    ]);
    expect(evals.delete('e2')).toBe(true);
    expect(evals.get('e2')).toBeUndefined();
    expect(evals.delete('e2')).toBe(false);
  });

  it('sets aside a stored definition that no longer reads, and says so', () => {
    const { evals } = repos();
    evals.put(record('e1', 5));
    db.prepare("UPDATE evals SET data = json_set(data, '$.repeats', 99) WHERE id = 'e1'").run();
    expect(evals.get('e1')).toBeUndefined();
    expect(quarantined()).toBe(1);
    expect(notices.list()[0]).toMatchObject({ kind: 'set-aside', file: 'eval e1' });
  });

  it('appends rows in pages after the last, and reads them a page at a time by position', () => {
    const { evals } = repos();
    evals.put(record('e1', 5));
    const page = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        variables: { customer: `c${from + i}`, issue: `i${from + i}` },
        ...((from + i) % 2 === 0 ? { expected: `x${from + i}` } : {}),
      }));
    expect(evals.appendRows('e1', page(0, 3))).toEqual({ from: 0, count: 3 });
    expect(evals.appendRows('e1', page(3, 2))).toEqual({ from: 3, count: 2 });
    expect(evals.countRows('e1')).toBe(5);
    expect(evals.rows('e1', 2, 2)).toEqual([
      { position: 2, variables: { customer: 'c2', issue: 'i2' }, expected: 'x2' },
      { position: 3, variables: { customer: 'c3', issue: 'i3' } },
    ]);
    expect(evals.rows('e1', 4, 100).map((r) => r.position)).toEqual([4]);
    // All land or none: a row that cannot be written undoes its page.
    expect(() => evals.appendRows('nope', page(0, 2))).toThrow(/FOREIGN KEY/);
    expect(evals.clearRows('e1')).toBe(5);
    expect(evals.appendRows('e1', page(0, 1))).toEqual({ from: 0, count: 1 });
    evals.delete('e1');
    expect(evals.countRows('e1')).toBe(0);
  });

  it('writes each cell alone, replaces it when written again, and counts a run’s cells by state', () => {
    const { evals, runs } = repos();
    evals.put(record('e1', 5));
    runs.putRun(run('r1'));
    expect(runs.putCell(cell())).toBe(true);
    expect(runs.getCell('r1', 0, 'terse', 'a', 0)).toEqual(cell());
    const failed = cell({
      row: 1,
      cacheKey: 'k1',
      state: 'failed',
      reply: undefined,
      latencyMs: undefined,
      tokensIn: undefined,
      tokensOut: undefined,
      costYuan: undefined,
      checks: undefined,
      grades: undefined,
      similarity: undefined,
      error: { code: 'rate_limited', message: 'Too many requests', status: 429 },
      updatedAt: 21,
    });
    expect(runs.putCell(failed)).toBe(true);
    expect(runs.getCell('r1', 1, 'terse', 'a', 0)).toEqual(
      Object.fromEntries(Object.entries(failed).filter(([, v]) => v !== undefined)),
    );
    expect(runs.counts('r1')).toEqual({ done: 1, failed: 1 });
    expect(runs.cellIds('r1')).toEqual(new Set(['0.terse.a.0', '1.terse.a.0']));
    expect(runs.cellIds('r1', 'failed')).toEqual(new Set(['1.terse.a.0']));
    expect(runs.cellIds('r1', undefined, { from: 1, to: 5 })).toEqual(new Set(['1.terse.a.0']));
    expect(runs.cellIds('r1', 'done', { from: 1, to: 5 })).toEqual(new Set());
    // A retry replaces the failed cell; the run's time follows its newest cell.
    expect(runs.putCell(cell({ row: 1, cacheKey: 'k1', updatedAt: 30 }))).toBe(true);
    expect(runs.counts('r1')).toEqual({ done: 2, failed: 0 });
    expect(runs.getRun('r1')?.updatedAt).toBe(30);
    expect(runs.cells('r1', 1, 2).map((c) => [c.row, c.state])).toEqual([[1, 'done']]);
    // A cell of a run that is gone is not written.
    expect(runs.putCell(cell({ runId: 'gone' }))).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM eval_cells').get()).toEqual({ n: 2 });
  });

  it('keeps the run’s counts equal to its cells’, whatever is written and rewritten (property)', () => {
    const write = fc.record({
      row: fc.integer({ min: 0, max: 3 }),
      variantId: fc.constantFrom('terse', 'warm'),
      sample: fc.integer({ min: 0, max: 1 }),
      state: fc.constantFrom('done' as const, 'failed' as const),
    });
    fc.assert(
      fc.property(fc.array(write, { maxLength: 40 }), (writes) => {
        db = openMemoryDatabase();
        const { evals, runs } = repos();
        evals.put(record('e1', 5));
        runs.putRun(run('r1'));
        writes.forEach((w, i) => runs.putCell(cell({ ...w, updatedAt: 20 + i })));
        // A run saved again (its state, its snapshot) keeps its counts.
        runs.putRun({ ...run('r1'), state: 'paused', updatedAt: 100 });
        const counted = db
          .prepare("SELECT state, count(*) AS n FROM eval_cells WHERE run_id = 'r1' GROUP BY state")
          .all() as { state: 'done' | 'failed'; n: number }[];
        const expected = { done: 0, failed: 0 };
        for (const r of counted) expected[r.state] = Number(r.n);
        expect(runs.counts('r1')).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('finds the newest done reply of a request by its cache key, across runs', () => {
    const { evals, runs } = repos();
    evals.put(record('e1', 5));
    runs.putRun(run('r1'));
    runs.putRun(run('r2', 'e1', 40));
    runs.putCell(cell({ cacheKey: 'same', updatedAt: 20, reply: { text: 'first' } }));
    runs.putCell(cell({ runId: 'r2', cacheKey: 'same', updatedAt: 50, reply: { text: 'second' } }));
    runs.putCell(
      cell({ runId: 'r2', row: 2, cacheKey: 'failing', state: 'failed', updatedAt: 60, reply: undefined }),
    );
    expect(runs.cachedCell('same', 'e1')?.reply?.text).toBe('second');
    expect(runs.cachedCell('failing', 'e1')).toBeUndefined();
    expect(runs.cachedCell('unknown', 'e1')).toBeUndefined();
  });

  it("finds a request's reply among its own eval's runs even when another eval answered it since", () => {
    const { evals, runs } = repos();
    evals.put(record('e1', 5));
    evals.put(record('e2', 9));
    runs.putRun(run('r1'));
    runs.putRun(run('r9', 'e2', 40));
    runs.putCell(cell({ cacheKey: 'same', updatedAt: 20, reply: { text: 'mine' } }));
    runs.putCell(cell({ runId: 'r9', cacheKey: 'same', updatedAt: 50, reply: { text: 'theirs' } }));
    expect(runs.cachedCell('same', 'e1')?.reply?.text).toBe('mine');
    expect(runs.cachedCell('same', 'e2')?.reply?.text).toBe('theirs');
  });

  it('keeps a run’s definition as it started, changes only its state, and goes with its eval', () => {
    const { evals, runs } = repos();
    evals.put(record('e1', 5));
    runs.putRun(run('r1'));
    runs.putRun(run('r2', 'e1', 40));
    runs.putCell(cell());
    evals.put({ ...record('e1', 6), variants: [{ ...spec.variants[0], user: 'Changed {{issue}}' }] });
    expect(runs.getRun('r1')?.spec).toEqual(spec);
    expect(runs.setRunState('r1', 'paused', 45)).toBe(true);
    expect(runs.getRun('r1')).toMatchObject({ state: 'paused', updatedAt: 45, plan: { cells: 24 } });
    expect(runs.runsInState('paused').map((r) => r.id)).toEqual(['r1']);
    expect(runs.listRuns('e1').map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(runs.setRunState('gone', 'done', 1)).toBe(false);
    evals.delete('e1');
    expect(runs.listRuns('e1')).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM eval_cells').get()).toEqual({ n: 0 });
  });

  it('sets aside a cell whose stored JSON does not read', () => {
    const { evals, runs } = repos();
    evals.put(record('e1', 5));
    runs.putRun(run('r1'));
    runs.putCell(cell());
    runs.putCell(cell({ row: 1 }));
    db.prepare("UPDATE eval_cells SET reply = '{not json' WHERE row_position = 1").run();
    expect(runs.cells('r1', 0, 10).map((c) => c.row)).toEqual([0]);
    expect(notices.list()[0]).toMatchObject({ kind: 'set-aside', file: 'eval-cell r1/1.terse.a.0' });
    expect(runs.counts('r1')).toEqual({ done: 1, failed: 0 });
  });

  it('answers a 100,000-row run’s questions through its indexes, never a scan of every cell', () => {
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
        .map((r) => r.detail)
        .join(' | ');
    expect(plan("SELECT row_position FROM eval_cells WHERE run_id = 'r' AND state = 'failed'")).toMatch(
      /USING INDEX eval_cells_by_state/,
    );
    expect(
      plan(
        "SELECT * FROM eval_cells WHERE cache_key = 'k' AND state = 'done' ORDER BY updated_at DESC LIMIT 1",
      ),
    ).toMatch(/USING INDEX eval_cells_by_cache_key/);
    expect(
      plan(
        "SELECT * FROM eval_cells WHERE run_id = 'r' AND row_position >= 0 AND row_position < 50 ORDER BY row_position",
      ),
    ).toMatch(/USING INDEX eval_cells_by_cell/);
    expect(
      plan("SELECT * FROM eval_rows WHERE eval_id = 'e' AND position >= 10 ORDER BY position LIMIT 5"),
    ).toMatch(/USING INDEX eval_rows_by_position/);
  });
});
