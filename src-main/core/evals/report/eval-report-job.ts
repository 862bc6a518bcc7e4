import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type { EvalCell, EvalRun } from '../../../../src-shared/evals/eval-run';
import { AppFailure } from '../../../../src-shared/result';
import { type EvalRunRepository, evalRunRepository } from '../../db/eval-repository-runs';
import { StorageNotices } from '../../storage/storage-notices';
import type { JobTable } from '../../workers/worker-host';
import { type EvalRunFigures, runFigures } from './eval-run-figures';

/**
 * An eval run's report figures as a job of the worker pool (docs/architecture.md, "Evals (in
 * progress)"): the cells read from the worker's read-only connection and every figure, comparison
 * and minimum computed there, so main only builds the HTML. Measured in main, a 100,000-row × 4
 * column run held main 14 s for the figures alone.
 */
export const EVAL_REPORT_FIGURES_JOB = 'evals.report.figures';

const input = z.object({ runId: z.string().max(80, { error: 'runId: at most 80 characters' }) });

/** Rows of cells read at once: a page's cells are pushed and dropped before the next. */
export const FIGURES_PAGE_ROWS = 100;

/** Every cell of the run, a page of rows at a time. */
export function* runCells(
  runs: Pick<EvalRunRepository, 'cells'>,
  run: Pick<EvalRun, 'id' | 'plan'>,
): Generator<EvalCell> {
  for (let from = 0; from < run.plan.rows; from += FIGURES_PAGE_ROWS)
    yield* runs.cells(run.id, from, from + FIGURES_PAGE_ROWS);
}

/** The figures of a stored run, read whole (in a worker, or in main where there is no pool). */
export function storedRunFigures(
  runs: Pick<EvalRunRepository, 'getRun' | 'cells'>,
  runId: string,
): EvalRunFigures {
  const run = runs.getRun(runId);
  if (!run) throw new AppFailure({ code: 'not_found', message: 'That eval run no longer exists.' });
  return runFigures(run.spec, runCells(runs, run));
}

export function evalReportJobs(db: DatabaseSync): JobTable {
  const runs = evalRunRepository({ db, notices: new StorageNotices(), readOnly: true });
  return {
    [EVAL_REPORT_FIGURES_JOB]: (raw: unknown) => storedRunFigures(runs, input.parse(raw).runId),
  };
}
