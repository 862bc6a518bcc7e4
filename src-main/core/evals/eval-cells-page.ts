import type { DatabaseSync } from 'node:sqlite';
import {
  CELL_VARIABLE_PREVIEW,
  CELLS_PAGE_CELLS_MAX,
  type EvalCellsPage,
  type EvalCellsPageInput,
  type EvalCellsRow,
} from '../../../src-shared/evals/eval-run-views';
import { invalidInput } from '../../../src-shared/result';
import { type EvalCellPageRepository, evalCellPageRepository } from '../db/eval-repository-cell-pages';
import type { EvalRepository, StoredEvalRow } from '../db/eval-repository';
import type { EvalRunRepository } from '../db/eval-repository-runs';
import { createRepositories } from '../db/repositories';
import { StorageNotices } from '../storage/storage-notices';
import { requireRun } from './require-run';

/** The matrix's page as a worker job: `evals.runs.cells`' input in, its page out. */
export const EVAL_CELLS_JOB = 'evals.runs.cells';

export interface EvalCellsPageDeps {
  evals: Pick<EvalRepository, 'rows'>;
  runs: Pick<EvalRunRepository, 'getRun'>;
  pages: EvalCellPageRepository;
}

const cut = (text: string) =>
  text.length > CELL_VARIABLE_PREVIEW ? text.slice(0, CELL_VARIABLE_PREVIEW) : text;

/**
 * The rows asked for (a range, or a list), each with its cells' summaries (docs/architecture.md,
 * "Evals"). The same code in main (no pool, tests) and in a worker, where the app reads it: a
 * page of 100 rows × 4 cells is 10–40 ms of parsing, asked every 2 s while a run sends.
 */
export function cellsPage(deps: EvalCellsPageDeps, input: EvalCellsPageInput): EvalCellsPage {
  const run = requireRun(deps, input.runId);
  const total = run.plan.rows;
  const perRow = run.plan.columns * run.plan.repeats;
  const maxRows = Math.max(1, Math.floor(CELLS_PAGE_CELLS_MAX / perRow));
  const asked = 'rows' in input ? input.rows.length : input.limit;
  if (asked > maxRows)
    throw invalidInput(
      'rows' in input ? 'rows' : 'limit',
      `must be at most ${maxRows} rows for this run: each has ${perRow} cells, and a page holds at most ${CELLS_PAGE_CELLS_MAX.toLocaleString('en')}`,
    );
  let rows: StoredEvalRow[];
  let summaries;
  if ('rows' in input) {
    const wanted = [...new Set(input.rows)].filter((r) => r < total).sort((a, b) => a - b);
    rows = wanted.flatMap((p) => deps.evals.rows(run.evalId, p, 1).filter((r) => r.position === p));
    summaries = deps.pages.summaries(run.id, wanted);
  } else {
    const to = Math.min(total, input.from + input.limit);
    rows = input.from < to ? deps.evals.rows(run.evalId, input.from, to - input.from) : [];
    rows = rows.filter((r) => r.position < to);
    summaries = deps.pages.summaries(run.id, { from: input.from, to });
  }
  const out: EvalCellsRow[] = rows.map((r) => ({
    position: r.position,
    variables: Object.fromEntries(Object.entries(r.variables).map(([k, v]) => [k, cut(v)])),
    ...(r.expected === undefined ? {} : { expected: cut(r.expected) }),
    cells: summaries.get(r.position) ?? [],
  }));
  return { rows: out, total };
}

/** The worker's side, on its read-only connection (a row to set aside is main's: needs-quarantine). */
export function evalCellsJobs(db: DatabaseSync) {
  const ctx = { db, notices: new StorageNotices(), readOnly: true };
  const repos = createRepositories(ctx);
  const deps = { evals: repos.evals, runs: repos.evalRuns, pages: evalCellPageRepository(ctx) };
  return {
    [EVAL_CELLS_JOB]: (input: EvalCellsPageInput): EvalCellsPage => cellsPage(deps, input),
  };
}
