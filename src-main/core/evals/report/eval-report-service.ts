import type { EvalRun } from '../../../../src-shared/evals/eval-run';
import { RunStatsAccumulator, specColumns } from '../../../../src-shared/evals/stats';
import type { ReportLanguage } from '../../../../src-shared/judge/report-inputs';
import { AppFailure } from '../../../../src-shared/result';
import type { EvalRunRepository } from '../../db/eval-repository-runs';
import type { QuestionSetRepository } from '../../db/question-set-repository';
import type { DesktopActions } from '../../media/desktop-actions';
import { QuarantineNeededError, type WorkerPool } from '../../workers/worker-pool';
import { requireRun, runFileStem } from '../eval-results-export-service';
import { evalReportHtml } from './eval-report-html';
import { EVAL_REPORT_FIGURES_JOB } from './eval-report-job';
import { type EvalRunFigures, figuresOf } from './eval-run-figures';

/** Rows of cells read per turn of main's event loop: about 15 ms a page on a loaded machine. */
const PAGE_ROWS = 100;
const turn = () => new Promise<void>((r) => setImmediate(r));

/**
 * A run's figures computed in main (tests, and the app without worker threads): its cells read a
 * page of rows at a time into the statistics' accumulator, main free between pages, then the
 * figures at once, which for a large run holds main for seconds.
 */
export function figuresInMain(runs: Pick<EvalRunRepository, 'cells'>) {
  return async (run: EvalRun, signal?: AbortSignal): Promise<EvalRunFigures> => {
    const acc = new RunStatsAccumulator(specColumns(run.spec));
    for (let from = 0; from < run.plan.rows; from += PAGE_ROWS) {
      for (const c of runs.cells(run.id, from, from + PAGE_ROWS)) acc.push(c);
      await turn();
      if (signal?.aborted) throw new AppFailure({ code: 'aborted', message: 'The report was cancelled.' });
    }
    return figuresOf(run.spec, acc.finish());
  };
}

/**
 * The figures in the worker pool where there is one (eval-report-job.ts), else in main; a cell
 * the worker could not read is set aside by main, which then computes them.
 */
export function reportFigures(runs: Pick<EvalRunRepository, 'cells'>, pool?: WorkerPool) {
  const inMain = figuresInMain(runs);
  return async (run: EvalRun, signal?: AbortSignal): Promise<EvalRunFigures> => {
    if (pool) {
      try {
        return await pool.run<EvalRunFigures>(EVAL_REPORT_FIGURES_JOB, { runId: run.id }, { signal });
      } catch (err) {
        if (!(err instanceof QuarantineNeededError)) throw err;
      }
    }
    return inMain(run, signal);
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
 * `evals.runs.report` (docs/architecture.md, "Evals (in progress)"): a run's report, built from
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
