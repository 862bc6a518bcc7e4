import type { EvalRun } from '../../../src-shared/evals/eval-run';
import { AppFailure } from '../../../src-shared/result';
import type { EvalRunRepository } from '../db/eval-repository-runs';

export const RUN_GONE = 'That eval run no longer exists.';

/** The run, or `not_found` in words: every eval-run route answers a deleted run the same way. */
export function requireRun(deps: { runs: Pick<EvalRunRepository, 'getRun'> }, runId: string): EvalRun {
  const run = deps.runs.getRun(runId);
  if (!run) throw new AppFailure({ code: 'not_found', message: RUN_GONE });
  return run;
}
