import { type DbContext, parseJson, quarantine } from './quarantine';
import { transaction } from './transaction';
import {
  type BatchResult,
  batchResultDataSchema,
  type BatchRun,
  batchRunDataSchema,
  type BatchRunState,
  batchRunSchema,
} from '../../../src-shared/judge/batch-run';

interface RunRow {
  id: string;
  set_id: string;
  set_revision: number;
  model: string;
  state: string;
  created_at: number;
  updated_at: number;
  data: string;
}

interface ResultRow {
  run_id: string;
  case_id: string;
  status: string;
  updated_at: number;
  data: string;
}

export interface BatchRunRepository {
  putRun(run: BatchRun): BatchRun;
  getRun(id: string): BatchRun | undefined;
  /** Whether the run is still there, without reading its record. */
  hasRun(id: string): boolean;
  /** Newest first; of one set when `setId` is given. */
  listRuns(setId?: string): BatchRun[];
  runsInState(state: BatchRunState): BatchRun[];
  deleteRun(id: string): boolean;
  /**
   * Results that arrived together (a running run writes those of one tick at once) and the run's
   * tallies after them, in one transaction; the run's state and its other data are left as they
   * are (a cancel may have set the state meanwhile). False, writing nothing, when the run no
   * longer exists.
   */
  putResults(runId: string, results: readonly BatchResult[], tallies: BatchRunTallies): boolean;
  getResult(runId: string, caseId: string): BatchResult | undefined;
  /** Ids of the cases that have a stored result, done or failed: a resumed run skips them. */
  answeredCaseIds(runId: string): Set<string>;
  counts(runId: string): { done: number; failed: number };
  results(runId: string, offset: number, limit: number, status?: 'done' | 'failed'): BatchResult[];
  /** Every result of a run, in one statement (paging with OFFSET would re-walk the rows skipped). */
  allResults(runId: string): BatchResult[];
  countResults(runId: string, status?: 'done' | 'failed'): number;
}

/** What a run's results add up to, kept in its `data` beside the rest. */
export type BatchRunTallies = Pick<BatchRun, 'updatedAt' | 'tokens' | 'yuan' | 'versions'>;

const RUN_COLUMNS = 'id, set_id, set_revision, model, state, created_at, updated_at, data';

export function batchRunRepository(ctx: DbContext): BatchRunRepository {
  const { db } = ctx;
  const upsertRun = db.prepare(
    `INSERT INTO judge_batch_runs (${RUN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at, data = excluded.data`,
  );
  // json() keeps each value's JSON as JavaScript wrote it (a bound number would be stored as 5.0).
  const updateTallies = db.prepare(
    `UPDATE judge_batch_runs SET updated_at = ?,
       data = json_set(data, '$.tokens', json(?), '$.yuan', json(?), '$.versions', json(?))
     WHERE id = ?`,
  );
  const selectRun = db.prepare(`SELECT ${RUN_COLUMNS} FROM judge_batch_runs WHERE id = ?`);
  const removeRun = db.prepare('DELETE FROM judge_batch_runs WHERE id = ?');
  const runExists = db.prepare('SELECT 1 AS found FROM judge_batch_runs WHERE id = ?');
  const upsertResult = db.prepare(
    `INSERT INTO judge_batch_results (run_id, case_id, status, updated_at, data) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (run_id, case_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at, data = excluded.data`,
  );
  const selectResult = db.prepare(
    'SELECT run_id, case_id, status, updated_at, data FROM judge_batch_results WHERE run_id = ? AND case_id = ?',
  );
  const removeResult = db.prepare('DELETE FROM judge_batch_results WHERE run_id = ? AND case_id = ?');

  const runData = (r: BatchRun) => {
    const {
      id: _id,
      setId: _s,
      setRevision: _r,
      model: _m,
      state: _st,
      createdAt: _c,
      updatedAt: _u,
      ...data
    } = r;
    return JSON.stringify(data);
  };

  const readRuns = (rows: RunRow[]): BatchRun[] => {
    const good: BatchRun[] = [];
    const bad: { kind: string; id: string; raw: string; reason: string }[] = [];
    for (const row of rows) {
      const data = parseJson(row.data, batchRunDataSchema);
      const run = data.ok
        ? batchRunSchema.safeParse({
            ...data.value,
            id: row.id,
            setId: row.set_id,
            setRevision: row.set_revision,
            model: row.model,
            state: row.state,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
          })
        : undefined;
      if (run?.success) good.push(run.data);
      else
        bad.push({
          kind: 'judge-batch-run',
          id: row.id,
          raw: row.data,
          reason: data.ok ? (run?.error.message ?? 'unreadable') : data.reason,
        });
    }
    if (bad.length > 0) quarantine(ctx, bad, () => bad.forEach((b) => removeRun.run(b.id)));
    return good;
  };

  const readResults = (rows: ResultRow[]): BatchResult[] => {
    const good: BatchResult[] = [];
    const bad: { row: ResultRow; reason: string }[] = [];
    for (const row of rows) {
      const data = parseJson(row.data, batchResultDataSchema);
      if (data.ok && (row.status === 'done' || row.status === 'failed'))
        good.push({
          ...data.value,
          runId: row.run_id,
          caseId: row.case_id,
          status: row.status,
          updatedAt: row.updated_at,
        });
      else bad.push({ row, reason: data.ok ? `status ${row.status} is not done or failed` : data.reason });
    }
    if (bad.length > 0)
      quarantine(
        ctx,
        bad.map(({ row, reason }) => ({
          kind: 'judge-batch-result',
          id: `${row.run_id}/${row.case_id}`,
          raw: row.data,
          reason,
        })),
        () => bad.forEach(({ row }) => removeResult.run(row.run_id, row.case_id)),
      );
    return good;
  };

  return {
    putRun(run) {
      upsertRun.run(
        run.id,
        run.setId,
        run.setRevision,
        run.model,
        run.state,
        run.createdAt,
        run.updatedAt,
        runData(run),
      );
      return run;
    },
    getRun(id) {
      const row = selectRun.get(id) as RunRow | undefined;
      return row ? readRuns([row])[0] : undefined;
    },
    hasRun(id) {
      return runExists.get(id) !== undefined;
    },
    listRuns(setId) {
      const rows = setId
        ? db
            .prepare(`SELECT ${RUN_COLUMNS} FROM judge_batch_runs WHERE set_id = ? ORDER BY created_at DESC`)
            .all(setId)
        : db.prepare(`SELECT ${RUN_COLUMNS} FROM judge_batch_runs ORDER BY created_at DESC`).all();
      return readRuns(rows as unknown as RunRow[]);
    },
    runsInState(state) {
      const rows = db
        .prepare(`SELECT ${RUN_COLUMNS} FROM judge_batch_runs WHERE state = ? ORDER BY created_at`)
        .all(state);
      return readRuns(rows as unknown as RunRow[]);
    },
    deleteRun(id) {
      return removeRun.run(id).changes > 0;
    },
    putResults(runId, results, tallies) {
      return transaction(db, () => {
        const { updatedAt, tokens, yuan, versions } = tallies;
        const stringify = JSON.stringify;
        const changed = updateTallies.run(
          updatedAt,
          stringify(tokens),
          stringify(yuan),
          stringify(versions),
          runId,
        );
        if (changed.changes === 0) return false;
        for (const { runId: _r, caseId, status, updatedAt: at, ...data } of results)
          upsertResult.run(runId, caseId, status, at, stringify(data));
        return true;
      });
    },
    getResult(runId, caseId) {
      const row = selectResult.get(runId, caseId) as ResultRow | undefined;
      return row ? readResults([row])[0] : undefined;
    },
    answeredCaseIds(runId) {
      const rows = db.prepare('SELECT case_id FROM judge_batch_results WHERE run_id = ?').all(runId) as {
        case_id: string;
      }[];
      return new Set(rows.map((r) => r.case_id));
    },
    counts(runId) {
      const rows = db
        .prepare('SELECT status, count(*) AS n FROM judge_batch_results WHERE run_id = ? GROUP BY status')
        .all(runId) as { status: string; n: number }[];
      const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
      return { done: n('done'), failed: n('failed') };
    },
    results(runId, offset, limit, status) {
      const rows = status
        ? db
            .prepare(
              'SELECT run_id, case_id, status, updated_at, data FROM judge_batch_results WHERE run_id = ? AND status = ? ORDER BY case_id LIMIT ? OFFSET ?',
            )
            .all(runId, status, limit, offset)
        : db
            .prepare(
              'SELECT run_id, case_id, status, updated_at, data FROM judge_batch_results WHERE run_id = ? ORDER BY case_id LIMIT ? OFFSET ?',
            )
            .all(runId, limit, offset);
      return readResults(rows as unknown as ResultRow[]);
    },
    allResults(runId) {
      const rows = db
        .prepare('SELECT run_id, case_id, status, updated_at, data FROM judge_batch_results WHERE run_id = ?')
        .all(runId);
      return readResults(rows as unknown as ResultRow[]);
    },
    countResults(runId, status) {
      const row = (
        status
          ? db
              .prepare('SELECT count(*) AS n FROM judge_batch_results WHERE run_id = ? AND status = ?')
              .get(runId, status)
          : db.prepare('SELECT count(*) AS n FROM judge_batch_results WHERE run_id = ?').get(runId)
      ) as { n: number };
      return Number(row.n);
    },
  };
}
