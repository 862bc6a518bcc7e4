import type { EvalCellKey, EvalCellMark } from '../../../src-shared/evals/eval-run-views';
import type { DbContext } from './quarantine';

/**
 * The user's good / bad marks on an eval run's cells (table `eval_cell_marks`, migration 12;
 * docs/architecture.md "Evals"). No row: unmarked. The statistics read the same
 * table from a worker with their own SQL.
 */
export interface EvalMarkRepository {
  /** null removes the mark. False when the run no longer exists. */
  setMark(key: EvalCellKey, mark: EvalCellMark | null, at: number): boolean;
  getMark(key: EvalCellKey): EvalCellMark | undefined;
}

export function evalMarkRepository(ctx: DbContext): EvalMarkRepository {
  const { db } = ctx;
  const KEY = 'run_id = ? AND row_position = ? AND variant_id = ? AND target_id = ? AND sample = ?';
  const runExists = db.prepare('SELECT 1 AS x FROM eval_runs WHERE id = ?');
  const upsert = db.prepare(
    `INSERT INTO eval_cell_marks (run_id, row_position, variant_id, target_id, sample, mark, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (run_id, row_position, variant_id, target_id, sample)
     DO UPDATE SET mark = excluded.mark, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare(`DELETE FROM eval_cell_marks WHERE ${KEY}`);
  const select = db.prepare(`SELECT mark FROM eval_cell_marks WHERE ${KEY}`);
  const args = (k: EvalCellKey) => [k.runId, k.row, k.variantId, k.targetId, k.sample] as const;
  return {
    setMark(key, mark, at) {
      if (!runExists.get(key.runId)) return false;
      if (mark === null) remove.run(...args(key));
      else upsert.run(...args(key), mark, at);
      return true;
    },
    getMark(key) {
      const row = select.get(...args(key)) as { mark: EvalCellMark } | undefined;
      return row?.mark;
    },
  };
}
