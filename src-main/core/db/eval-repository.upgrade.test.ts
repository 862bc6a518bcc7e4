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

    expect(runMigrations(db)).toBe(11);
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

    // The new tables are empty and take an eval, its rows, a run and a cell.
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
