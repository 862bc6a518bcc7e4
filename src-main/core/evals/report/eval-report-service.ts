import type { EvalRun } from '../../../../src-shared/evals/eval-run';
import type { ColumnComparison } from '../../../../src-shared/evals/stats';
import type { DatabaseSync } from 'node:sqlite';
import type { ReportLanguage } from '../../../../src-shared/judge/report-inputs';
import type { EvalRunRepository } from '../../db/eval-repository-runs';
import type { QuestionSetRepository } from '../../db/question-set-repository';
import type { DesktopActions } from '../../media/desktop-actions';
import { QuarantineNeededError, type WorkerPool } from '../../workers/worker-pool';
import { runFileStem } from '../eval-results-export-service';
import { requireRun } from '../require-run';
import { evalReportHtml } from './eval-report-html';
import { EVAL_COMPARE_JOB, EVAL_STATS_JOB, type EvalStatsJobs, evalStatsJobs } from '../eval-stats-job';
import { comparisonPairs, type EvalRunFigures } from './eval-run-figures';

type Kind = keyof EvalStatsJobs;

/**
 * A run's figures from the statistics' own jobs (`evals.runs.stats`, `evals.runs.compare`;
 * eval-stats-job.ts): in the worker pool where there is one, every job of the run in the same
 * worker (which keeps its cells read once), else in main (tests). The comparisons are those of
 * `comparisonPairs`. A run the worker cannot read is read once by main, which sets it aside.
 */
export function reportFigures(deps: {
  db: DatabaseSync;
  runs: Pick<EvalRunRepository, 'getRun'>;
  pool?: WorkerPool;
}) {
  let local: EvalStatsJobs | undefined;
  const job = async <K extends Kind>(
    kind: K,
    input: Parameters<EvalStatsJobs[K]>[0],
    signal?: AbortSignal,
  ): Promise<ReturnType<EvalStatsJobs[K]>> => {
    if (!deps.pool) {
      local ??= evalStatsJobs(deps.db);
      const run = local[kind] as unknown as (
        i: typeof input,
        ctx: { progress(): void },
      ) => ReturnType<EvalStatsJobs[K]>;
      return run(input, { progress: () => undefined });
    }
    const opts = { key: input.runId, signal };
    try {
      return await deps.pool.run(kind, input, opts);
    } catch (err) {
      if (!(err instanceof QuarantineNeededError)) throw err;
      deps.runs.getRun(input.runId);
      return deps.pool.run(kind, input, opts);
    }
  };
  return async (run: EvalRun, signal?: AbortSignal): Promise<EvalRunFigures> => {
    const stats = await job(EVAL_STATS_JOB, { runId: run.id, marksOf: 'checks' }, signal);
    const comparisons: ColumnComparison[] = [];
    for (const pair of comparisonPairs(run.spec, stats.columns))
      comparisons.push(await job(EVAL_COMPARE_JOB, { runId: run.id, ...pair }, signal));
    return { stats: stats.columns, comparisons, gates: stats.gates };
  };
}

export interface EvalRunReportsDeps {
  runs: Pick<EvalRunRepository, 'getRun'>;
  sets: Pick<QuestionSetRepository, 'get'>;
  figures: (run: EvalRun, signal?: AbortSignal) => Promise<EvalRunFigures>;
  desktop: DesktopActions;
  appVersion: string;
  now?: () => number;
}

/**
 * `evals.runs.report` (docs/architecture.md, "Evals"): a run's report, built from
 * its figures and written through the save dialog as the judge's reports are.
 */
export class EvalRunReports {
  constructor(private readonly deps: EvalRunReportsDeps) {}

  async html(
    runId: string,
    language: ReportLanguage,
    signal?: AbortSignal,
  ): Promise<{ html: string; fileName: string }> {
    const run = requireRun(this.deps, runId);
    const figures = await this.deps.figures(run, signal);
    const set = run.spec.grader?.set;
    const setName = set?.kind === 'saved' ? (this.deps.sets.get(set.setId)?.name ?? set.setId) : undefined;
    const html = evalReportHtml({
      spec: run.spec,
      run,
      setName,
      columns: figures.stats,
      comparisons: figures.comparisons,
      gates: figures.gates,
      language,
      generatedAt: (this.deps.now ?? Date.now)(),
      appVersion: this.deps.appVersion,
    });
    return { html, fileName: `${runFileStem(run.spec.name, run.createdAt)}.report.html` };
  }

  /** Where the file was written, or null when the user cancelled the dialog. */
  async save(runId: string, language: ReportLanguage, signal?: AbortSignal): Promise<string | null> {
    const { html, fileName } = await this.html(runId, language, signal);
    return this.deps.desktop.saveTextAs(html, fileName);
  }
}
