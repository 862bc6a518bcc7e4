import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvalRun } from '../../../src-shared/evals/eval-run';
import type { Question } from '../../../src-shared/judge/question-rules';
import { AppFailure } from '../../../src-shared/result';
import type { EvalRepository } from '../db/eval-repository';
import type { EvalRunRepository } from '../db/eval-repository-runs';
import type { QuestionSetRepository } from '../db/question-set-repository';
import type { CsvOptions } from '../judge/cases/csv';
import type { DesktopActions } from '../media/desktop-actions';
import { type EvalResultsFormat, evalResultsChunks } from './eval-results-export';
import { requireRun } from './require-run';

/** Lets main's event loop serve other work between two pages of a large export. */
const turn = () => new Promise<void>((r) => setImmediate(r));

export interface EvalRunDeps {
  evals: Pick<EvalRepository, 'get' | 'rows'>;
  runs: Pick<EvalRunRepository, 'getRun' | 'cells'>;
  sets: Pick<QuestionSetRepository, 'get'>;
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
 * `evals.runs.export` (docs/architecture.md, "Evals"): a run's cells as CSV or JSON
 * Lines, written where the user picks, as `judge.batch.export` writes a batch run's. The file is
 * made a page of rows at a time into a temporary file, main's event loop free between pages, and
 * then copied where the user picks: a 100,000-row run's CSV is about 150 MB, which main never
 * holds as one string.
 */
export class EvalResultsExport {
  constructor(private readonly deps: EvalRunDeps & { desktop: DesktopActions }) {}

  /** The file's pieces in order, a page of rows each, with the name it is offered under. */
  private pieces(runId: string, format: EvalResultsFormat, csv: CsvOptions) {
    const run = requireRun(this.deps, runId);
    const source = {
      rows: (from: number, limit: number) => this.deps.evals.rows(run.evalId, from, limit),
      cells: (from: number, to: number) => this.deps.runs.cells(run.id, from, to),
    };
    return {
      chunks: evalResultsChunks(run.spec, runQuestions(this.deps, run), run.plan.rows, source, format, csv),
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
    const { chunks, fileName } = this.pieces(runId, format, csv);
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-eval-export-'));
    try {
      const file = join(dir, fileName);
      const out = createWriteStream(file, { mode: 0o600 });
      const failed = once(out, 'error').then(([e]) => Promise.reject(e as Error));
      failed.catch(() => undefined);
      try {
        for (const chunk of chunks) {
          if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
          await turn();
          if (signal?.aborted)
            throw new AppFailure({ code: 'aborted', message: 'The export was cancelled.' });
        }
      } finally {
        out.end();
        await Promise.race([once(out, 'close'), failed]);
      }
      return await this.deps.desktop.saveFileAs(file, fileName);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
