import type { EvalRun } from '../../../src-shared/evals/eval-run';
import type { Question } from '../../../src-shared/judge/question-rules';
import { AppFailure } from '../../../src-shared/result';
import type { EvalRepository } from '../db/eval-repository';
import type { EvalRunRepository } from '../db/eval-repository-runs';
import type { QuestionSetRepository } from '../db/question-set-repository';
import type { CsvOptions } from '../judge/cases/csv';
import type { DesktopActions } from '../media/desktop-actions';
import { type EvalResultsFormat, evalResultsChunks } from './eval-results-export';

/** Lets main's event loop serve other work between two pages of a large export. */
const turn = () => new Promise<void>((r) => setImmediate(r));

export interface EvalRunDeps {
  evals: Pick<EvalRepository, 'get' | 'rows'>;
  runs: Pick<EvalRunRepository, 'getRun' | 'cells'>;
  sets: Pick<QuestionSetRepository, 'get'>;
}

/** The run, or `not_found` in words. */
export function requireRun(deps: { runs: Pick<EvalRunRepository, 'getRun'> }, runId: string): EvalRun {
  const run = deps.runs.getRun(runId);
  if (!run) throw new AppFailure({ code: 'not_found', message: 'That eval run no longer exists.' });
  return run;
}

/**
 * The grader's questions at the revision the run pinned; none when the run had no grader or the
 * set is gone (the export then has no column per question, the JSON Lines keep the answers whole).
 */
export function runQuestions(deps: Pick<EvalRunDeps, 'sets'>, run: EvalRun): Question[] {
  const set = run.spec.grader?.set;
  if (set?.kind !== 'saved') return [];
  return deps.sets.get(set.setId)?.revisions.find((r) => r.revision === set.revision)?.questions ?? [];
}

/** `Support replies` on 27 Nov 2026 → `Support-replies-2026-11-27`. */
export function runFileStem(name: string, createdAt: number): string {
  const slug = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'eval';
  return `${slug}-${new Date(createdAt).toISOString().slice(0, 10)}`;
}

/**
 * `evals.runs.export` (docs/architecture.md, "Evals (in progress)"): a run's cells as CSV or JSON
 * Lines, written where the user picks, as `judge.batch.export` writes a batch run's. The text is
 * made a page of rows at a time, main's event loop free between pages.
 */
export class EvalResultsExport {
  constructor(private readonly deps: EvalRunDeps & { desktop: DesktopActions }) {}

  async text(
    runId: string,
    format: EvalResultsFormat,
    csv: CsvOptions = {},
    signal?: AbortSignal,
  ): Promise<{ text: string; fileName: string }> {
    const run = requireRun(this.deps, runId);
    const source = {
      rows: (from: number, limit: number) => this.deps.evals.rows(run.evalId, from, limit),
      cells: (from: number, to: number) => this.deps.runs.cells(run.id, from, to),
    };
    const pieces: string[] = [];
    for (const chunk of evalResultsChunks(
      run.spec,
      runQuestions(this.deps, run),
      run.plan.rows,
      source,
      format,
      csv,
    )) {
      pieces.push(chunk);
      await turn();
      if (signal?.aborted) throw new AppFailure({ code: 'aborted', message: 'The export was cancelled.' });
    }
    return {
      text: pieces.join(''),
      fileName: `${runFileStem(run.spec.name, run.createdAt)}.results.${format}`,
    };
  }

  /** Where the file was written, or null when the user cancelled the dialog. */
  async export(
    runId: string,
    format: EvalResultsFormat,
    csv: CsvOptions = {},
    signal?: AbortSignal,
  ): Promise<string | null> {
    const { text, fileName } = await this.text(runId, format, csv, signal);
    return this.deps.desktop.saveTextAs(text, fileName);
  }
}
