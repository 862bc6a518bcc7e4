import type { DatabaseSync } from 'node:sqlite';
import { AppFailure } from '../../../src-shared/result';
import type { EvalRun } from '../../../src-shared/evals/eval-run';
import {
  type ColumnData,
  type ColumnRef,
  columnName,
  columnStats,
  compareColumns,
  evaluateMinimums,
  MarksAgreementAccumulator,
  metricOf,
  RunStatsAccumulator,
  sameColumn,
  slotOfRow,
  specColumns,
  type StatsCell,
  type StatsOf,
} from '../../../src-shared/evals/stats';
import type {
  EvalFilter,
  EvalFilterPage,
  EvalRunStats,
} from '../../../src-shared/ipc/routes/eval-stats-routes';
import type { ColumnComparison } from '../../../src-shared/evals/stats/column-compare';
import { createRepositories } from '../db/repositories';
import { StorageNotices } from '../storage/storage-notices';
import type { JobContext } from '../workers/worker-host';

/**
 * An eval run's statistics as worker jobs (docs/architecture.md, "Evals: statistics"): the
 * run's cells streamed from the worker's read-only connection — the columns the statistics
 * read, never the replies — into the accumulators of src-shared/evals/stats, kept while the run
 * is unchanged so a comparison or a filter does not read 400,000 cells again.
 */
export const EVAL_STATS_JOB = 'evals.runs.stats';
export const EVAL_COMPARE_JOB = 'evals.runs.compare';
export const EVAL_FILTER_JOB = 'evals.runs.filter';

export interface EvalStatsJobInput {
  runId: string;
  marksOf: StatsOf;
}
export interface EvalCompareJobInput {
  runId: string;
  a: ColumnRef;
  b: ColumnRef;
  of: StatsOf;
}
export interface EvalFilterJobInput {
  runId: string;
  filter: EvalFilter;
  from: number;
  limit: number;
}

interface CellRow {
  row_position: number;
  variant_id: string;
  target_id: string;
  sample: number;
  state: string;
  latency_ms: number | null;
  cost_yuan: number | null;
  checks: string | null;
  grades: string | null;
}

const CELL_SELECT = `SELECT row_position, variant_id, target_id, sample, state, latency_ms, cost_yuan, checks, grades
  FROM eval_cells`;

function statsCell(r: CellRow): StatsCell {
  return {
    row: r.row_position,
    variantId: r.variant_id,
    targetId: r.target_id,
    sample: r.sample,
    state: r.state === 'done' ? 'done' : 'failed',
    ...(r.latency_ms !== null ? { latencyMs: r.latency_ms } : {}),
    ...(r.cost_yuan !== null ? { costYuan: r.cost_yuan } : {}),
    ...(r.checks !== null ? { checks: JSON.parse(r.checks) as StatsCell['checks'] } : {}),
    ...(r.grades !== null ? { grades: JSON.parse(r.grades) as StatsCell['grades'] } : {}),
  };
}

const notFound = () => new AppFailure({ code: 'not_found', message: 'This eval run no longer exists.' });
const invalid = (path: string, message: string) =>
  new AppFailure({
    code: 'invalid_input',
    message: `${path}: ${message}`,
    details: { issues: [{ path, message }] },
  });

/** Runs whose cells are kept read; a 100,000-row × 4-column run's sums weigh a few MB. */
const KEPT_RUNS = 2;
const PROGRESS_EVERY = 20_000;

export function evalStatsJobs(db: DatabaseSync) {
  const repos = createRepositories({ db, notices: new StorageNotices(), readOnly: true });
  const stampOf = db.prepare('SELECT updated_at, done_cells, failed_cells FROM eval_runs WHERE id = ?');
  const cellsOf = db.prepare(
    `${CELL_SELECT} WHERE run_id = ? ORDER BY row_position, variant_id, target_id, sample`,
  );
  const kept = new Map<string, { stamp: string; run: EvalRun; columns: ColumnData[] }>();

  const marksTable = () =>
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'eval_cell_marks'").get() !==
    undefined;

  function load(runId: string, job?: JobContext) {
    const s = stampOf.get(runId) as
      { updated_at: number; done_cells: number; failed_cells: number } | undefined;
    if (!s) throw notFound();
    const stamp = `${s.updated_at}:${s.done_cells}:${s.failed_cells}`;
    const hit = kept.get(runId);
    if (hit && hit.stamp === stamp) return hit;
    const run = repos.evalRuns.getRun(runId);
    if (!run) throw notFound();
    const acc = new RunStatsAccumulator(specColumns(run.spec));
    const total = s.done_cells + s.failed_cells;
    let n = 0;
    for (const row of cellsOf.iterate(runId) as Iterable<CellRow>) {
      acc.push(statsCell(row));
      if (++n % PROGRESS_EVERY === 0) job?.progress({ phase: 'reading cells', done: n, total });
    }
    const entry = { stamp, run, columns: acc.finish() };
    kept.delete(runId);
    kept.set(runId, entry);
    while (kept.size > KEPT_RUNS) kept.delete(kept.keys().next().value!);
    return entry;
  }

  function column(columns: ColumnData[], ref: ColumnRef, path: string): ColumnData {
    const c = columns.find((x) => sameColumn(x.column, ref));
    if (!c) throw invalid(path, `the run has no column ${ref.variantId} × ${ref.targetId}`);
    return c;
  }

  function marks(runId: string, of: StatsOf) {
    if (!marksTable()) return null;
    const acc = new MarksAgreementAccumulator(of);
    const rows = db
      .prepare(
        `SELECT m.mark, c.row_position, c.variant_id, c.target_id, c.sample, c.state, c.latency_ms, c.cost_yuan, c.checks, c.grades
         FROM eval_cell_marks m JOIN eval_cells c USING (run_id, row_position, variant_id, target_id, sample)
         WHERE m.run_id = ?`,
      )
      .iterate(runId) as Iterable<CellRow & { mark: 'good' | 'bad' }>;
    let any = false;
    for (const r of rows) {
      any = true;
      acc.push(statsCell(r), r.mark);
    }
    return any ? acc.finish() : null;
  }

  /** The row positions a filter matches, in order. */
  function matching(columns: ColumnData[], f: EvalFilter): number[] {
    const out: number[] = [];
    if (f.kind === 'disagree') {
      const a = column(columns, f.a, 'filter.a');
      const b = column(columns, f.b, 'filter.b');
      const ma = metricOrFail(a, f.of, 'filter.of');
      const mb = metricOrFail(b, f.of, 'filter.of');
      for (let i = 0; i < a.positions.length; i++) {
        if (ma.counts[i] === 0) continue;
        const j = slotOfRow(b, a.positions[i]);
        if (j < 0 || mb.counts[j] === 0) continue;
        if (ma.sums[i] / ma.counts[i] !== mb.sums[j] / mb.counts[j]) out.push(a.positions[i]);
      }
      return out;
    }
    const c = column(columns, f.column, 'filter.column');
    for (let i = 0; i < c.positions.length; i++) {
      const hit =
        f.kind === 'errored'
          ? c.errored[i] > 0
          : c.checks.counts[i] > 0 && c.checks.sums[i] < c.checks.counts[i];
      if (hit) out.push(c.positions[i]);
    }
    return out;
  }

  function metricOrFail(c: ColumnData, of: StatsOf, path: string) {
    try {
      const m = metricOf(c, of);
      if (m) return m;
    } catch (err) {
      throw invalid(path, (err as Error).message.replace(/^of: /, ''));
    }
    return {
      sums: new Float64Array(0),
      counts: new Uint16Array(c.positions.length),
      maxCount: 0,
      binary: true,
    };
  }

  return {
    [EVAL_STATS_JOB]: (input: EvalStatsJobInput, job: JobContext): EvalRunStats => {
      const { run, columns } = load(input.runId, job);
      const stats = columns.map((c) => columnStats(c));
      return {
        runId: input.runId,
        columns: stats,
        gates: evaluateMinimums(run.spec, columns, {}, stats),
        marks: marks(input.runId, input.marksOf),
      };
    },
    [EVAL_COMPARE_JOB]: (input: EvalCompareJobInput, job: JobContext): ColumnComparison => {
      const { run, columns } = load(input.runId, job);
      const a = column(columns, input.a, 'a');
      const b = column(columns, input.b, 'b');
      metricOrFail(a, input.of, 'of');
      const names = { a: columnName(run.spec, input.a), b: columnName(run.spec, input.b) };
      return compareColumns(a, b, input.of, {}, names);
    },
    [EVAL_FILTER_JOB]: (input: EvalFilterJobInput, job: JobContext): EvalFilterPage => {
      const { columns } = load(input.runId, job);
      const all = matching(columns, input.filter);
      return {
        positions: all.slice(input.from, input.from + input.limit),
        total: all.length,
        from: input.from,
      };
    },
  };
}

export type EvalStatsJobs = ReturnType<typeof evalStatsJobs>;
