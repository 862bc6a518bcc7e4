import {
  type EvalCell,
  evalCellSchema,
  type EvalCellState,
  type EvalRun,
  evalRunDataSchema,
  evalRunSchema,
  type EvalRunState,
} from '../../../src-shared/evals/eval-run';
import { cellId } from '../../../src-shared/evals/run-plan';
import { type PauseReason, pauseReasonSchema } from '../../../src-shared/judge/batch-run';
import { type DbContext, issuesText, parseJson, quarantine } from './quarantine';
import { transaction } from './transaction';

/**
 * An eval's runs and their cells (tables `eval_runs`, `eval_cells`; docs/architecture.md "Evals
 * (in progress)"). A cell is written alone as its result arrives, as the batch runner writes a
 * case's (batch-run-repository.ts); nothing is written for a cell not yet sent.
 */
export interface EvalRunRepository {
  putRun(run: EvalRun): EvalRun;
  getRun(id: string): EvalRun | undefined;
  /** Newest first. */
  listRuns(evalId: string): EvalRun[];
  runsInState(state: EvalRunState): EvalRun[];
  /**
   * Its state and time only: the definition it keeps is never rewritten. A pause keeps its reason
   * (null: the user paused); any other state clears it. False when it is gone.
   */
  setRunState(id: string, state: EvalRunState, at: number, pauseReason?: PauseReason): boolean;
  deleteRun(id: string): boolean;
  /**
   * One cell's result, in one small transaction with the run's time: a crash loses at most the
   * cells in flight. Written again, it replaces the earlier result (a retry, a grade that came
   * later). False when the run no longer exists.
   */
  putCell(cell: EvalCell): boolean;
  getCell(
    runId: string,
    row: number,
    variantId: string,
    targetId: string,
    sample: number,
  ): EvalCell | undefined;
  /**
   * The ids (run-plan.ts `cellId`) of the run's stored cells, of one state or both, of the rows
   * `from` ≤ row < `to` (all when absent): a resumed run skips them. All 400,000 cells of a
   * 100,000-row run take about a second to read, so a runner asks a slice of rows at a time.
   */
  cellIds(runId: string, state?: EvalCellState, rows?: { from: number; to: number }): Set<string>;
  /** Kept with every cell's write (one row read, however many cells): the run's progress. */
  counts(runId: string): Record<EvalCellState, number>;
  /** The run's cells of rows `fromRow` ≤ row < `toRow`, by row, variant, target and sample. */
  cells(runId: string, fromRow: number, toRow: number): EvalCell[];
  /** The newest done cell, of any run of eval `evalId`, that sent the request `cacheKey` names. */
  cachedCell(cacheKey: string, evalId: string): EvalCell | undefined;
}

interface RunRow {
  id: string;
  eval_id: string;
  state: string;
  created_at: number;
  updated_at: number;
  data: string;
  pause_reason: string | null;
}

interface CellRow {
  run_id: string;
  row_position: number;
  variant_id: string;
  target_id: string;
  sample: number;
  cache_key: string;
  state: string;
  reply: string | null;
  latency_ms: number | null;
  tokens_in: number | null;
  tokens_out: number | null;
  cost_yuan: number | null;
  checks: string | null;
  grades: string | null;
  similarity: number | null;
  error: string | null;
  updated_at: number;
}

const RUN_COLUMNS = 'id, eval_id, state, created_at, updated_at, data';
const RUN_READ = `${RUN_COLUMNS}, pause_reason`;
const CELL_COLUMNS =
  'run_id, row_position, variant_id, target_id, sample, cache_key, state, reply, latency_ms, tokens_in, tokens_out, cost_yuan, checks, grades, similarity, error, updated_at';
const CELL_KEY = 'run_id = ? AND row_position = ? AND variant_id = ? AND target_id = ? AND sample = ?';

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
const num = (v: number | undefined) => (v === undefined ? null : v);

/** A cell row as the schema reads it: null columns left out, JSON columns parsed. */
function cellObject(r: CellRow): unknown {
  const parsed = (text: string | null) => (text === null ? undefined : (JSON.parse(text) as unknown));
  const entries = Object.entries({
    runId: r.run_id,
    row: r.row_position,
    variantId: r.variant_id,
    targetId: r.target_id,
    sample: r.sample,
    cacheKey: r.cache_key,
    state: r.state,
    reply: parsed(r.reply),
    latencyMs: r.latency_ms ?? undefined,
    tokensIn: r.tokens_in ?? undefined,
    tokensOut: r.tokens_out ?? undefined,
    costYuan: r.cost_yuan ?? undefined,
    checks: parsed(r.checks),
    grades: parsed(r.grades),
    similarity: r.similarity ?? undefined,
    error: parsed(r.error),
    updatedAt: r.updated_at,
  });
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

export function evalRunRepository(ctx: DbContext): EvalRunRepository {
  const { db } = ctx;
  const upsertRun = db.prepare(
    `INSERT INTO eval_runs (${RUN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at, data = excluded.data`,
  );
  const selectRun = db.prepare(`SELECT ${RUN_READ} FROM eval_runs WHERE id = ?`);
  const updateState = db.prepare(
    'UPDATE eval_runs SET state = ?, updated_at = ?, pause_reason = ? WHERE id = ?',
  );
  const touchRun = db.prepare(
    `UPDATE eval_runs SET updated_at = max(updated_at, ?), done_cells = done_cells + ?, failed_cells = failed_cells + ?
     WHERE id = ?`,
  );
  const selectCounts = db.prepare('SELECT done_cells, failed_cells FROM eval_runs WHERE id = ?');
  const selectCellState = db.prepare(`SELECT state FROM eval_cells WHERE ${CELL_KEY}`);
  const removeRun = db.prepare('DELETE FROM eval_runs WHERE id = ?');
  const upsertCell = db.prepare(
    `INSERT INTO eval_cells (${CELL_COLUMNS}) VALUES (${CELL_COLUMNS.split(',')
      .map(() => '?')
      .join(', ')})
     ON CONFLICT (run_id, row_position, variant_id, target_id, sample) DO UPDATE SET
       cache_key = excluded.cache_key, state = excluded.state, reply = excluded.reply,
       latency_ms = excluded.latency_ms, tokens_in = excluded.tokens_in, tokens_out = excluded.tokens_out,
       cost_yuan = excluded.cost_yuan, checks = excluded.checks, grades = excluded.grades,
       similarity = excluded.similarity, error = excluded.error, updated_at = excluded.updated_at`,
  );
  const selectCell = db.prepare(`SELECT ${CELL_COLUMNS} FROM eval_cells WHERE ${CELL_KEY}`);
  const removeCell = db.prepare(`DELETE FROM eval_cells WHERE ${CELL_KEY}`);
  const idsSql =
    'SELECT row_position, variant_id, target_id, sample FROM eval_cells WHERE run_id = ? AND row_position >= ? AND row_position < ?';
  const selectIds = db.prepare(idsSql);
  const selectIdsInState = db.prepare(`${idsSql} AND state = ?`);
  const selectCached = db.prepare(
    `SELECT ${CELL_COLUMNS} FROM eval_cells WHERE cache_key = ? AND state = 'done'
       AND run_id IN (SELECT id FROM eval_runs WHERE eval_id = ?) ORDER BY updated_at DESC LIMIT 1`,
  );

  const readRuns = (rows: RunRow[]): EvalRun[] => {
    const good: EvalRun[] = [];
    const bad: { kind: string; id: string; raw: string; reason: string }[] = [];
    for (const row of rows) {
      const data = parseJson(row.data, evalRunDataSchema);
      // A reason that does not read is only lost, never a reason to set the run aside.
      const reason = row.pause_reason === null ? undefined : parseJson(row.pause_reason, pauseReasonSchema);
      const run = data.ok
        ? evalRunSchema.safeParse({
            ...data.value,
            id: row.id,
            evalId: row.eval_id,
            state: row.state,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
            ...(reason?.ok ? { pauseReason: reason.value } : {}),
          })
        : undefined;
      if (run?.success) good.push(run.data);
      else {
        const reason = data.ok ? (run ? issuesText(run.error) : 'unreadable') : data.reason;
        bad.push({ kind: 'eval-run', id: row.id, raw: row.data, reason });
      }
    }
    if (bad.length > 0) quarantine(ctx, bad, () => bad.forEach((b) => removeRun.run(b.id)));
    return good;
  };

  const readCells = (rows: CellRow[]): EvalCell[] => {
    const good: EvalCell[] = [];
    const bad: { row: CellRow; reason: string }[] = [];
    for (const row of rows) {
      let object: unknown;
      try {
        object = cellObject(row);
      } catch (err) {
        bad.push({ row, reason: err instanceof Error ? err.message : String(err) });
        continue;
      }
      const cell = evalCellSchema.safeParse(object);
      if (cell.success) good.push(cell.data);
      else bad.push({ row, reason: issuesText(cell.error) });
    }
    if (bad.length > 0)
      quarantine(
        ctx,
        bad.map(({ row, reason }) => ({
          kind: 'eval-cell',
          id: `${row.run_id}/${cellId(row.row_position, row.variant_id, row.target_id, row.sample)}`,
          raw: JSON.stringify(row),
          reason,
        })),
        () =>
          bad.forEach(({ row: r }) => {
            removeCell.run(r.run_id, r.row_position, r.variant_id, r.target_id, r.sample);
            touchRun.run(0, r.state === 'done' ? -1 : 0, r.state === 'failed' ? -1 : 0, r.run_id);
          }),
      );
    return good;
  };

  return {
    putRun(run) {
      const { id, evalId, state, createdAt, updatedAt, pauseReason: _reason, ...data } = run;
      upsertRun.run(id, evalId, state, createdAt, updatedAt, JSON.stringify(data));
      return run;
    },
    getRun(id) {
      const row = selectRun.get(id) as RunRow | undefined;
      return row ? readRuns([row])[0] : undefined;
    },
    listRuns(evalId) {
      const rows = db
        .prepare(`SELECT ${RUN_READ} FROM eval_runs WHERE eval_id = ? ORDER BY created_at DESC, id`)
        .all(evalId);
      return readRuns(rows as unknown as RunRow[]);
    },
    runsInState(state) {
      const rows = db
        .prepare(`SELECT ${RUN_READ} FROM eval_runs WHERE state = ? ORDER BY created_at, id`)
        .all(state);
      return readRuns(rows as unknown as RunRow[]);
    },
    setRunState(id, state, at, pauseReason) {
      const reason = state === 'paused' && pauseReason ? JSON.stringify(pauseReason) : null;
      return updateState.run(state, at, reason, id).changes > 0;
    },
    deleteRun(id) {
      return removeRun.run(id).changes > 0;
    },
    putCell(c) {
      return transaction(db, () => {
        const key = [c.runId, c.row, c.variantId, c.targetId, c.sample] as const;
        const was = (selectCellState.get(...key) as { state: string } | undefined)?.state;
        const delta = (s: EvalCellState) => (c.state === s ? 1 : 0) - (was === s ? 1 : 0);
        if (touchRun.run(c.updatedAt, delta('done'), delta('failed'), c.runId).changes === 0) return false;
        upsertCell.run(
          c.runId,
          c.row,
          c.variantId,
          c.targetId,
          c.sample,
          c.cacheKey,
          c.state,
          json(c.reply),
          num(c.latencyMs),
          num(c.tokensIn),
          num(c.tokensOut),
          num(c.costYuan),
          json(c.checks),
          json(c.grades),
          num(c.similarity),
          json(c.error),
          c.updatedAt,
        );
        return true;
      });
    },
    getCell(runId, row, variantId, targetId, sample) {
      const found = selectCell.get(runId, row, variantId, targetId, sample) as CellRow | undefined;
      return found ? readCells([found])[0] : undefined;
    },
    cellIds(runId, state, rows = { from: 0, to: Number.MAX_SAFE_INTEGER }) {
      const found = (state
        ? selectIdsInState.all(runId, rows.from, rows.to, state)
        : selectIds.all(runId, rows.from, rows.to)) as unknown as Pick<
        CellRow,
        'row_position' | 'variant_id' | 'target_id' | 'sample'
      >[];
      return new Set(found.map((r) => cellId(r.row_position, r.variant_id, r.target_id, r.sample)));
    },
    counts(runId) {
      const row = selectCounts.get(runId) as { done_cells: number; failed_cells: number } | undefined;
      return { done: Number(row?.done_cells ?? 0), failed: Number(row?.failed_cells ?? 0) };
    },
    cells(runId, fromRow, toRow) {
      const rows = db
        .prepare(
          `SELECT ${CELL_COLUMNS} FROM eval_cells WHERE run_id = ? AND row_position >= ? AND row_position < ?
           ORDER BY row_position, variant_id, target_id, sample`,
        )
        .all(runId, fromRow, toRow);
      return readCells(rows as unknown as CellRow[]);
    },
    cachedCell(cacheKey, evalId) {
      const row = selectCached.get(cacheKey, evalId) as CellRow | undefined;
      return row ? readCells([row])[0] : undefined;
    },
  };
}
