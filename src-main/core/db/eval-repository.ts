import { z } from 'zod';
import { type EvalRecord, evalRecordSchema } from '../../../src-shared/evals/eval-definition';
import type { DatasetRow } from '../../../src-shared/evals/fill-template';
import { type DbContext, parseJson, quarantine } from './quarantine';
import { recordTable } from './record-table';
import { transaction } from './transaction';

/**
 * Evals and their dataset rows (tables `evals`, `eval_rows`; docs/architecture.md "Evals (in
 * progress)"). Runs and cells are in eval-repository-runs.ts.
 */
export interface StoredEvalRow extends DatasetRow {
  /** From 0, in the dataset's order. */
  position: number;
}

export interface EvalRepository {
  put(record: EvalRecord): EvalRecord;
  get(id: string): EvalRecord | undefined;
  /** Most recently changed first. */
  list(): EvalRecord[];
  /** The eval, its rows, runs and cells. */
  delete(id: string): boolean;
  /**
   * Adds rows after the eval's last, in one transaction (all land or none): an import appends a
   * page at a time. Returns the first new position and how many were added.
   */
  appendRows(evalId: string, rows: readonly DatasetRow[]): { from: number; count: number };
  /** Up to `limit` rows from position `from` on, in order: a page by position, never OFFSET. */
  rows(evalId: string, from: number, limit: number): StoredEvalRow[];
  countRows(evalId: string): number;
  /** Removes every row (a new import replaces the dataset); how many there were. */
  clearRows(evalId: string): number;
  /** One row's values replaced in place; undefined when the eval has no row at that position. */
  updateRow(evalId: string, position: number, row: DatasetRow): StoredEvalRow | undefined;
}

const variablesSchema = z.record(z.string(), z.string());

interface RowRecord {
  position: number;
  variables: string;
  expected: string | null;
}

export function evalRepository(ctx: DbContext): EvalRepository {
  const { db } = ctx;
  const evals = recordTable<EvalRecord>(ctx, {
    table: 'evals',
    kind: 'eval',
    schema: evalRecordSchema,
    columns: ['name', 'created_at', 'updated_at'],
    values: (e) => [e.name, e.createdAt, e.updatedAt],
    orderBy: 'updated_at DESC, id',
  });
  const lastPosition = db.prepare('SELECT max(position) AS p FROM eval_rows WHERE eval_id = ?');
  const insertRow = db.prepare(
    'INSERT INTO eval_rows (eval_id, position, variables, expected) VALUES (?, ?, ?, ?)',
  );
  const selectRows = db.prepare(
    'SELECT position, variables, expected FROM eval_rows WHERE eval_id = ? AND position >= ? ORDER BY position LIMIT ?',
  );
  const countRows = db.prepare('SELECT count(*) AS n FROM eval_rows WHERE eval_id = ?');
  const removeRows = db.prepare('DELETE FROM eval_rows WHERE eval_id = ?');
  const removeRow = db.prepare('DELETE FROM eval_rows WHERE eval_id = ? AND position = ?');
  const setRow = db.prepare(
    'UPDATE eval_rows SET variables = ?, expected = ? WHERE eval_id = ? AND position = ?',
  );

  const readRows = (evalId: string, rows: RowRecord[]): StoredEvalRow[] => {
    const good: StoredEvalRow[] = [];
    const bad: { row: RowRecord; reason: string }[] = [];
    for (const row of rows) {
      const variables = parseJson(row.variables, variablesSchema);
      if (!variables.ok) bad.push({ row, reason: variables.reason });
      else
        good.push({
          position: row.position,
          variables: variables.value,
          ...(row.expected === null ? {} : { expected: row.expected }),
        });
    }
    if (bad.length > 0)
      quarantine(
        ctx,
        bad.map(({ row, reason }) => ({
          kind: 'eval-row',
          id: `${evalId}/${row.position}`,
          raw: row.variables,
          reason,
        })),
        () => bad.forEach(({ row }) => removeRow.run(evalId, row.position)),
      );
    return good;
  };

  return {
    put: (record) => evals.put(record),
    get: (id) => evals.get(id),
    list: () => evals.list(),
    delete: (id) => evals.delete(id),
    appendRows(evalId, rows) {
      return transaction(db, () => {
        const last = (lastPosition.get(evalId) as { p: number | null }).p;
        const from = last === null ? 0 : Number(last) + 1;
        rows.forEach((r, i) =>
          insertRow.run(evalId, from + i, JSON.stringify(r.variables), r.expected ?? null),
        );
        return { from, count: rows.length };
      });
    },
    rows(evalId, from, limit) {
      return readRows(evalId, selectRows.all(evalId, from, limit) as unknown as RowRecord[]);
    },
    countRows(evalId) {
      return Number((countRows.get(evalId) as { n: number }).n);
    },
    clearRows(evalId) {
      return Number(removeRows.run(evalId).changes);
    },
    updateRow(evalId, position, row) {
      const expected = row.expected ?? null;
      const changed = setRow.run(JSON.stringify(row.variables), expected, evalId, position).changes;
      if (Number(changed) === 0) return undefined;
      return { position, variables: row.variables, ...(expected === null ? {} : { expected }) };
    },
  };
}
