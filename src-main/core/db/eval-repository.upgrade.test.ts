import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { evalRecordSchema, evalSpecSchema } from '../../../src-shared/evals/eval-definition';
import { sampleSpecInput } from '../../../src-shared/evals/eval-spec.test-helper';
import { planSummary } from '../../../src-shared/evals/run-plan';
import { StorageNotices } from '../storage/storage-notices';
import { batchRunRepository } from './batch-run-repository';
import { conversationRepository } from './conversation-repository';
import { evalRepository } from './eval-repository';
import { evalRunRepository } from './eval-repository-runs';
import { evalMarkRepository } from './eval-repository-marks';
import { judgeCaseRepository } from './judge-case-repository';
import { MIGRATIONS, runMigrations, schemaVersion } from './migrations';
import { questionSetRepository } from './question-set-repository';
import { reviewRepository } from './review-repository';

/** Every row of each table, as sorted JSON lines: what "intact" is checked against. */
function dump(db: DatabaseSync, tables: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(
    tables.map((t) => [
      t,
      db
        .prepare(`SELECT * FROM ${t}`)
        .all()
        .map((r) => JSON.stringify(r))
        .sort(),
    ]),
  );
}
/** The tables a database holds (the search index's own shadow tables left to FTS5). */
const tablesOf = (db: DatabaseSync) =>
  (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[])
    .map((r) => r.name)
    .filter((n) => !n.startsWith('messages_fts') && !n.startsWith('sqlite_'));

describe('migration 11 (evals)', () => {
  it('brings a version-10 database with chats, sets, cases, a run and its review to version 11 intact', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('PRAGMA foreign_keys = ON');
    runMigrations(db, MIGRATIONS.slice(0, 10));
    expect(schemaVersion(db)).toBe(10);
    const ctx = { db, notices: new StorageNotices() };
    conversationRepository(ctx).put({
      id: 'c1',
      title: 'Hello',
      createdAt: 1,
      updatedAt: 2,
      model: 'm',
      system: '',
      params: { temperature: 0.3 },
      extra: {},
      messages: [
        { role: 'user', content: 'Hi {{name}}' },
        { role: 'assistant', content: 'Hello!' },
      ],
      variables: { name: 'Ada' },
    });
    const q = { name: 'ok', type: 'noul' as const, instructions: 'Fine?', options: [], levels: [] };
    questionSetRepository(ctx).put({
      id: 's1',
      name: 'Support',
      createdAt: 1,
      updatedAt: 2,
      revisions: [
        { revision: 1, savedAt: 1, questions: [q], tuning: { thresholds: { ok: 0.6 }, minimums: {} } },
      ],
    });
    judgeCaseRepository(ctx).append(
      's1',
      [{ state: 'hi', expected: { ok: true }, note: 'n' }],
      () => 'k1',
      3,
    );
    batchRunRepository(ctx).putRun({
      id: 'r1',
      setId: 's1',
      setRevision: 1,
      model: 'judge-1',
      state: 'done',
      createdAt: 4,
      updatedAt: 5,
      concurrency: 1,
      totals: { cases: 1 },
      tokens: 0,
      yuan: 0,
      versions: {},
      rateLimited: 0,
      source: { kind: 'named', key: 'set:s1' },
    });
    reviewRepository(ctx).setMark('r1', 'k1', 'agree', 'fine', 6);
    reviewRepository(ctx).addLabelEdit({
      caseId: 'k1',
      question: 'ok',
      before: true,
      after: false,
      who: 'you',
      at: 7,
    });
    const tables = tablesOf(db);
    const before = dump(db, tables);

    expect(runMigrations(db, MIGRATIONS.slice(0, 11))).toBe(11);
    expect(dump(db, tables)).toEqual(before);
    expect(
      tablesOf(db)
        .filter((t) => !tables.includes(t))
        .sort(),
    ).toEqual(['eval_cells', 'eval_rows', 'eval_runs', 'evals']);
    expect(before.conversations).toHaveLength(1);
    for (const t of [
      'messages',
      'judge_cases',
      'judge_batch_runs',
      'judge_review_marks',
      'judge_label_edits',
      'set_revision_tuning',
    ])
      expect(before[t], t).toHaveLength(t === 'messages' ? 2 : 1);
    expect(conversationRepository(ctx).get('c1')?.variables).toEqual({ name: 'Ada' });
    expect(db.prepare('SELECT count(*) AS n FROM quarantine').get()).toEqual({ n: 0 });

    // The new tables are empty and take an eval, its rows, a run and a cell (through today's
    // repositories, which need the later migrations too).
    runMigrations(db);
    const evals = evalRepository(ctx);
    const runs = evalRunRepository(ctx);
    expect(evals.list()).toEqual([]);
    const record = evalRecordSchema.parse({ ...sampleSpecInput(), id: 'e1', createdAt: 8, updatedAt: 8 });
    evals.put(record);
    evals.appendRows('e1', [{ variables: { customer: 'Ada', issue: 'late' }, expected: 'refund' }]);
    const spec = evalSpecSchema.parse(sampleSpecInput());
    runs.putRun({
      id: 'x1',
      evalId: 'e1',
      state: 'queued',
      createdAt: 9,
      updatedAt: 9,
      spec,
      plan: planSummary(spec, 1),
    });
    runs.putCell({
      runId: 'x1',
      row: 0,
      variantId: 'terse',
      targetId: 'a',
      sample: 0,
      cacheKey: 'k',
      state: 'done',
      reply: { text: 'ok' },
      updatedAt: 10,
    });
    expect(evals.get('e1')).toEqual(record);
    expect(runs.counts('x1')).toEqual({ done: 1, failed: 0 });
  });
});

describe('migration 12 (eval run pause reasons and cell marks)', () => {
  it('brings a version-11 database with evals, rows, runs and cells to version 12 intact', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('PRAGMA foreign_keys = ON');
    runMigrations(db, MIGRATIONS.slice(0, 11));
    expect(schemaVersion(db)).toBe(11);
    // An eval and rows as version 11 wrote them; runs and cells in its own SQL (no pause_reason then).
    const spec = evalSpecSchema.parse(sampleSpecInput());
    const record = evalRecordSchema.parse({ ...sampleSpecInput(), id: 'e1', createdAt: 1, updatedAt: 2 });
    const ctx = { db, notices: new StorageNotices() };
    evalRepository(ctx).put(record);
    evalRepository(ctx).appendRows('e1', [
      { variables: { customer: 'Ada', issue: 'late' }, expected: 'refund' },
      { variables: { customer: 'Bo', issue: 'broken' } },
    ]);
    const insertRun = db.prepare(
      `INSERT INTO eval_runs (id, eval_id, state, created_at, updated_at, done_cells, failed_cells, data)
       VALUES (?, 'e1', ?, ?, ?, ?, ?, ?)`,
    );
    const runData = JSON.stringify({ spec, plan: planSummary(spec, 2) });
    insertRun.run('x1', 'paused', 3, 4, 1, 1, runData);
    insertRun.run('x2', 'done', 5, 6, 0, 0, runData);
    const insertCell = db.prepare(
      `INSERT INTO eval_cells (run_id, row_position, variant_id, target_id, sample, cache_key, state, reply,
         latency_ms, tokens_in, tokens_out, cost_yuan, checks, grades, similarity, error, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    insertCell.run(
      'x1',
      0,
      'terse',
      'a',
      0,
      'k1',
      'done',
      JSON.stringify({ text: 'Sorry Ada' }),
      120,
      30,
      9,
      null,
      JSON.stringify([{ kind: 'contains', pass: true, reason: 'found' }]),
      JSON.stringify([{ name: 'ok', kind: 'noul', noul: 0.9 }]),
      0.8,
      null,
      7,
    );
    insertCell.run(
      'x1',
      1,
      'terse',
      'a',
      1,
      'k2',
      'failed',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      JSON.stringify({ code: 'not_found', message: 'no model', status: 404 }),
      8,
    );
    const tables = tablesOf(db);
    const before = dump(db, tables);

    expect(runMigrations(db, MIGRATIONS.slice(0, 12))).toBe(12);
    // Every row is as it was; each run gains only an empty pause reason.
    const after = dump(db, tables);
    expect({ ...after, eval_runs: [] }).toEqual({ ...before, eval_runs: [] });
    expect(after.eval_runs.map((r) => JSON.parse(r) as Record<string, unknown>)).toEqual(
      before.eval_runs.map((r) => ({ ...(JSON.parse(r) as Record<string, unknown>), pause_reason: null })),
    );
    expect(tablesOf(db).filter((t) => !tables.includes(t))).toEqual(['eval_cell_marks']);
    expect(before.eval_cells).toHaveLength(2);

    // And they read back through the repositories as they were written.
    const evals = evalRepository(ctx);
    const runs = evalRunRepository(ctx);
    expect(evals.get('e1')).toEqual(record);
    expect(evals.rows('e1', 0, 10)).toEqual([
      { position: 0, variables: { customer: 'Ada', issue: 'late' }, expected: 'refund' },
      { position: 1, variables: { customer: 'Bo', issue: 'broken' } },
    ]);
    expect(runs.listRuns('e1').map((r) => [r.id, r.state, r.pauseReason])).toEqual([
      ['x2', 'done', undefined],
      ['x1', 'paused', undefined],
    ]);
    expect(runs.counts('x1')).toEqual({ done: 1, failed: 1 });
    expect(runs.cells('x1', 0, 2)).toEqual([
      {
        runId: 'x1',
        row: 0,
        variantId: 'terse',
        targetId: 'a',
        sample: 0,
        cacheKey: 'k1',
        state: 'done',
        reply: { text: 'Sorry Ada' },
        latencyMs: 120,
        tokensIn: 30,
        tokensOut: 9,
        checks: [{ kind: 'contains', pass: true, reason: 'found' }],
        grades: [{ name: 'ok', kind: 'noul', noul: 0.9 }],
        similarity: 0.8,
        updatedAt: 7,
      },
      {
        runId: 'x1',
        row: 1,
        variantId: 'terse',
        targetId: 'a',
        sample: 1,
        cacheKey: 'k2',
        state: 'failed',
        error: { code: 'not_found', message: 'no model', status: 404 },
        updatedAt: 8,
      },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM quarantine').get()).toEqual({ n: 0 });

    // The new column and table take a pause reason and a mark; a mark goes with its run.
    const reason = { code: 'payment_required', message: 'balance', status: 402, at: 9 };
    runs.setRunState('x1', 'paused', 9, reason);
    expect(runs.getRun('x1')?.pauseReason).toEqual(reason);
    const marks = evalMarkRepository(ctx);
    const cell = { runId: 'x1', row: 0, variantId: 'terse', targetId: 'a', sample: 0 };
    expect(marks.setMark(cell, 'good', 10)).toBe(true);
    expect(marks.getMark(cell)).toBe('good');
    runs.setRunState('x1', 'running', 11);
    expect(runs.getRun('x1')?.pauseReason).toBeUndefined();
    runs.deleteRun('x1');
    expect(db.prepare('SELECT count(*) AS n FROM eval_cell_marks').get()).toEqual({ n: 0 });
  });
});
