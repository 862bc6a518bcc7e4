import type { DatabaseSync } from 'node:sqlite';
import { evalRecordSchema, type EvalSpecInput } from '../../../src-shared/evals/eval-definition';
import { sampleSpecInput } from '../../../src-shared/evals/eval-spec.test-helper';
import { planSummary } from '../../../src-shared/evals/run-plan';
import { evalRepository } from '../db/eval-repository';
import { evalRunRepository } from '../db/eval-repository-runs';
import { transaction } from '../db/transaction';
import { StorageNotices } from '../storage/storage-notices';

/**
 * A stored eval run for the statistics' tests and measurements: the sample spec (variants terse
 * and warm × targets a and b), its cells written straight into `eval_cells` in one transaction
 * (the run engine writes them one by one; 400,000 that way take two minutes).
 */
export interface SeedCell {
  failed?: boolean;
  pass?: boolean;
  /** The noul answer to “offers_refund”, the score position of “helpfulness”. */
  noul?: number;
  score?: number;
  latencyMs?: number;
  reply?: string;
}

/** eval_cell_marks as migration 12 (h27-runs) makes it, for a database that does not have it yet. */
export const MARKS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS eval_cell_marks (run_id TEXT NOT NULL REFERENCES eval_runs(id) ON DELETE CASCADE,
  row_position INTEGER NOT NULL, variant_id TEXT NOT NULL, target_id TEXT NOT NULL, sample INTEGER NOT NULL,
  mark TEXT NOT NULL CHECK (mark IN ('good','bad')), updated_at INTEGER NOT NULL,
  PRIMARY KEY (run_id, row_position, variant_id, target_id, sample)) STRICT`;

export function seedStatsRun(
  db: DatabaseSync,
  opts: {
    runId?: string;
    rows: number;
    repeats?: number;
    minimums?: EvalSpecInput['minimums'];
    cell: (row: number, variantId: string, targetId: string, sample: number) => SeedCell | undefined;
  },
) {
  const notices = new StorageNotices();
  const runId = opts.runId ?? 'run-1';
  const input = { ...sampleSpecInput(), repeats: opts.repeats ?? 1, minimums: opts.minimums ?? [] };
  const record = evalRecordSchema.parse({ ...input, id: `eval-${runId}`, createdAt: 1, updatedAt: 1 });
  evalRepository({ db, notices }).put(record);
  const { id: _i, createdAt: _c, updatedAt: _u, ...spec } = record;
  evalRunRepository({ db, notices }).putRun({
    id: runId,
    evalId: record.id,
    state: 'done',
    createdAt: 1,
    updatedAt: 1,
    spec,
    plan: planSummary(spec, opts.rows),
  });
  const insert = db.prepare(
    `INSERT INTO eval_cells (run_id, row_position, variant_id, target_id, sample, cache_key, state, reply,
       latency_ms, checks, grades, error, updated_at) VALUES (?, ?, ?, ?, ?, 'k', ?, ?, ?, ?, ?, ?, 2)`,
  );
  let done = 0;
  let failed = 0;
  transaction(db, () => {
    for (let r = 0; r < opts.rows; r++)
      for (const v of spec.variants)
        for (const t of spec.targets)
          for (let s = 0; s < spec.repeats; s++) {
            const c = opts.cell(r, v.id, t.id, s);
            if (!c) continue;
            if (c.failed) {
              failed++;
              insert.run(
                runId,
                r,
                v.id,
                t.id,
                s,
                'failed',
                null,
                null,
                null,
                null,
                '{"code":"x","message":"no"}',
              );
              continue;
            }
            done++;
            const grades = [
              ...(c.noul !== undefined ? [{ name: 'offers_refund', kind: 'noul', noul: c.noul }] : []),
              ...(c.score !== undefined
                ? [
                    {
                      name: 'helpfulness',
                      kind: 'score',
                      score: c.score,
                      base: 0,
                      position: c.score,
                      levels: [],
                    },
                  ]
                : []),
            ];
            insert.run(
              runId,
              r,
              v.id,
              t.id,
              s,
              'done',
              JSON.stringify({ text: c.reply ?? `reply ${r}` }),
              c.latencyMs ?? 100,
              c.pass === undefined ? null : JSON.stringify([{ kind: 'contains', pass: c.pass, reason: 'r' }]),
              grades.length ? JSON.stringify(grades) : null,
              null,
            );
          }
  });
  db.prepare('UPDATE eval_runs SET done_cells = ?, failed_cells = ?, updated_at = 2 WHERE id = ?').run(
    done,
    failed,
    runId,
  );
  return { runId, spec };
}
