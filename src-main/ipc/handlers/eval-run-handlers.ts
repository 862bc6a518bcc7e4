import type { Handlers } from '../handler-types';
import type { evalRunRoutes } from '../../../src-shared/ipc/routes/eval-run-routes';
import type { AppServices } from '../services';
import type { EvalCellsPage, EvalCellsPageInput } from '../../../src-shared/evals/eval-run-views';
import { EVAL_CELLS_JOB } from '../../core/evals/eval-cells-page';
import { QuarantineNeededError } from '../../core/workers/worker-pool';

/**
 * A page of the matrix: asked every 2 s while a run sends, 10–40 ms of parsing, so an idle worker
 * reads it (docs/architecture.md, "Evals"); main only while none is idle (stats can hold both for
 * seconds on a large run) or without a pool. A row the worker cannot set aside is main's to read once.
 */
async function cellsPage(
  s: AppServices,
  input: EvalCellsPageInput,
  signal: AbortSignal,
): Promise<EvalCellsPage> {
  const pool = s.workers;
  if (!pool?.hasIdleWorker()) return s.evalRunReads.cells(input);
  try {
    return await pool.run<EvalCellsPage>(EVAL_CELLS_JOB, input, { signal });
  } catch (err) {
    if (!(err instanceof QuarantineNeededError)) throw err;
    s.evalRuns.getRun(input.runId);
    return s.evalRunReads.cells(input);
  }
}

export function evalRunHandlers(s: AppServices): Handlers<typeof evalRunRoutes> {
  const runs = s.evalRunService;
  const reads = s.evalRunReads;
  return {
    'evals.runs.start': ({ id, concurrency }) => reads.view(runs.start(id, concurrency)),
    'evals.runs.pause': async ({ runId }) => reads.view(await runs.pause(runId)),
    'evals.runs.resume': ({ runId, concurrency }) => reads.view(runs.resume(runId, concurrency)),
    'evals.runs.cancel': async ({ runId }) => reads.view(await runs.cancel(runId)),
    'evals.runs.list': ({ id }) => reads.list(id),
    'evals.runs.get': ({ runId }) => reads.get(runId),
    'evals.runs.cells': (input, ctx) => cellsPage(s, input, ctx.signal),
    'evals.runs.cell': (key) => reads.cell(key),
    'evals.runs.mark': ({ mark, ...key }) => reads.mark(key, mark),
    'evals.runs.retryCell': (key, ctx) => runs.retryCell(key, ctx.signal),
    'evals.runs.estimate': ({ id, concurrency }, ctx) =>
      s.evalRunEstimator.estimate(id, concurrency, ctx.signal),
  };
}
