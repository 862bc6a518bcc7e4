import type { Handlers } from '../handler-types';
import type { evalRunRoutes } from '../../../src-shared/ipc/routes/eval-run-routes';
import type { AppServices } from '../services';

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
    'evals.runs.cells': (input) => reads.cells(input),
    'evals.runs.cell': (key) => reads.cell(key),
    'evals.runs.mark': ({ mark, ...key }) => reads.mark(key, mark),
    'evals.runs.retryCell': (key, ctx) => runs.retryCell(key, ctx.signal),
    'evals.runs.estimate': ({ id, concurrency }, ctx) =>
      s.evalRunEstimator.estimate(id, concurrency, ctx.signal),
  };
}
