import type { evalStatsRoutes } from '../../../src-shared/ipc/routes/eval-stats-routes';
import { type EvalStatsJobs, evalStatsJobs } from '../../core/evals/eval-stats-job';
import { QuarantineNeededError } from '../../core/workers/worker-pool';
import type { Handlers } from '../handler-types';
import type { AppServices } from '../services';

type Kind = keyof EvalStatsJobs;

/**
 * An eval run's statistics, comparisons and filters (docs/architecture.md, "Evals: statistics"):
 * jobs of the worker pool, every job of one run in the same worker (which keeps its cells read),
 * so main only passes messages. Without a pool (an in-memory database in tests) they run here.
 */
export function evalStatsHandlers(s: AppServices): Handlers<typeof evalStatsRoutes> {
  let local: EvalStatsJobs | undefined;
  const run = async <K extends Kind>(
    kind: K,
    input: Parameters<EvalStatsJobs[K]>[0],
    signal: AbortSignal,
  ): Promise<ReturnType<EvalStatsJobs[K]>> => {
    const pool = s.workers;
    if (!pool) {
      local ??= evalStatsJobs(s.env.database);
      const job = local[kind] as unknown as (
        i: typeof input,
        ctx: { progress(): void },
      ) => ReturnType<EvalStatsJobs[K]>;
      return job(input, { progress: () => undefined });
    }
    const opts = { key: input.runId, signal };
    try {
      return await pool.run(kind, input, opts);
    } catch (err) {
      if (!(err instanceof QuarantineNeededError)) throw err;
      // The worker's read-only connection cannot set a bad run aside: main reads it once, which does.
      s.evalRuns.getRun(input.runId);
      return pool.run(kind, input, opts);
    }
  };
  return {
    'evals.runs.stats': (input, ctx) => run('evals.runs.stats', input, ctx.signal),
    'evals.runs.compare': (input, ctx) => run('evals.runs.compare', input, ctx.signal),
    'evals.runs.filter': (input, ctx) => run('evals.runs.filter', input, ctx.signal),
  };
}
