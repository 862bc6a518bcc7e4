import type { BatchGridCase, BatchGridInput, BatchGridPage } from '../../../../src-shared/judge/batch-grid';
import type { RunAgreement, RunDrift } from '../../../../src-shared/judge/run-agreement';
import type { DriftInput } from '../../../../src-shared/judge/run-agreement-inputs';
import { AppFailure } from '../../../../src-shared/result';
import type { DesktopActions } from '../../media/desktop-actions';
import type { JobProgress } from '../../workers/worker-messages';
import { QuarantineNeededError, type WorkerPool } from '../../workers/worker-pool';
import type { AgreementService } from '../agreement/agreement-service';
import type { CsvOptions } from '../cases/csv';
import type { BatchGrid } from './batch-grid';
import { gridPageFromTablesInSlices } from './grid-first-page';
import { withReviews } from './grid-review';
import type { ReviewRepository } from '../../db/review-repository';
import { type LabelledRunCache, loadLabelledRun } from './labelled-run';
import type { ResultsFormat } from './results-export';
import type { BatchResultsExport } from './results-export-service';
import type { JudgeRunJobs } from './run-jobs';

type Job = keyof JudgeRunJobs;
type Value<K extends Job> =
  ReturnType<JudgeRunJobs[K]> extends import('../../workers/worker-host').Transfer<infer V>
    ? V
    : ReturnType<JudgeRunJobs[K]>;

const aborted = () =>
  new AppFailure({ code: 'aborted', message: 'Stopped: the window that asked went away.' });

export interface JudgeRunViewsDeps {
  /** Absent where the database is not a file a worker can open (an in-memory one in tests). */
  pool?: WorkerPool;
  /** Main's own services: used without a pool, and to set bad rows aside (a worker cannot). */
  labelled: LabelledRunCache;
  grid: BatchGrid;
  /** The review marks, added to a first page read from the tables (the index adds its own). */
  reviews?: ReviewRepository;
  agreement: AgreementService;
  results: BatchResultsExport;
  desktop: DesktopActions;
}

/** How far the index of a run being built has got, for the grid's "sorting…" state. */
export interface IndexBuild {
  done: Promise<void>;
  progress: JobProgress | undefined;
}

/**
 * The results grid, agreement, drift and export of batch runs, as the routes ask for them
 * (docs/architecture.md, "Worker threads"): computed in the pool's worker threads, so main's
 * event loop only passes messages. Every job of one set goes to the same worker, which keeps the
 * set's loaded runs. The grid's first page in the cases' order comes straight from the tables
 * while that worker builds the run's index; the other sorts and filters wait for the index.
 */
export class JudgeRunViews {
  private readonly builds = new Map<string, IndexBuild>();
  /** Runs whose index a worker has built (it may since have changed or been let go). */
  private readonly indexed = new Set<string>();

  constructor(private readonly deps: JudgeRunViewsDeps) {}

  /** The index being built for a run, if one is (tests and the grid's progress read it). */
  building(runId: string): IndexBuild | undefined {
    return this.builds.get(runId);
  }

  async gridPage(input: BatchGridInput, signal?: AbortSignal): Promise<BatchGridPage> {
    const { pool } = this.deps;
    if (!pool) return this.deps.grid.page(input);
    const key = this.keyOf(input.id);
    const inOrder = input.sort === 'case' && input.filter === 'all';
    if (!this.builds.has(input.id)) {
      // Asked only of a run whose index was built before: the worker may still hold it.
      const ready = this.indexed.has(input.id)
        ? await this.job('grid.readyPage', input, { key, signal }, [input.id])
        : null;
      if (ready) return ready;
      if (inOrder) {
        // The page first, the index once it is answered: on two cores shared with main, a build
        // started at the same time would take half the CPU the page needs.
        const page = this.pageFromTables(input, signal);
        this.build(input.id, key, signal, page);
        return page;
      }
      this.build(input.id, key, signal);
    }
    if (inOrder) return this.pageFromTables(input, signal);
    await this.untilBuilt(input.id, signal);
    return this.job('grid.page', input, { key, signal }, [input.id]);
  }

  /**
   * A page in the cases' order, read from the tables: by an idle worker, or, when none is (at
   * start both still load their code, 0.3–1.2 s), by main itself for a finished run, its total
   * counted in slices that yield, so the page does not wait for a worker (docs/architecture.md,
   * "Batch runs view").
   */
  private async pageFromTables(
    input: BatchGridInput,
    signal: AbortSignal | undefined,
  ): Promise<BatchGridPage> {
    const page = await this.pageFromTablesUnreviewed(input, signal);
    const { reviews } = this.deps;
    return reviews ? withReviews(page, reviews, input.id, this.keyOf(input.id)) : page;
  }

  private async pageFromTablesUnreviewed(
    input: BatchGridInput,
    signal: AbortSignal | undefined,
  ): Promise<BatchGridPage> {
    if (!this.deps.pool!.hasIdleWorker()) {
      const pause = () =>
        new Promise<void>((resolve, reject) =>
          setImmediate(() => (signal?.aborted ? reject(aborted()) : resolve())),
        );
      const page = await gridPageFromTablesInSlices(this.deps.labelled.deps, input, pause);
      if (page) return page;
    }
    return this.job('grid.pageFromTables', input, { signal }, [input.id]);
  }

  async gridCase(id: string, caseId: string, signal?: AbortSignal): Promise<BatchGridCase> {
    if (!this.deps.pool) return this.deps.grid.case(id, caseId);
    return this.job('grid.case', { id, caseId }, { key: this.keyOf(id), signal }, [id]);
  }

  async agreement(id: string, signal?: AbortSignal): Promise<RunAgreement> {
    if (!this.deps.pool) return this.deps.agreement.agreement(id);
    return this.job('agreement', { id }, { key: this.keyOf(id), signal }, [id]);
  }

  async drift(input: DriftInput, signal?: AbortSignal): Promise<RunDrift> {
    if (!this.deps.pool) return this.deps.agreement.drift(input);
    return this.job('drift', input, { key: this.keyOf(input.a), signal }, [input.a, input.b]);
  }

  /** Where the file was written, or null when the user cancelled the dialog. */
  async export(
    id: string,
    format: ResultsFormat,
    csv: CsvOptions = {},
    signal?: AbortSignal,
  ): Promise<string | null> {
    if (!this.deps.pool) return this.deps.results.export(id, format, csv);
    const { bytes, fileName } = await this.job(
      'export',
      { id, format, raw: csv.raw },
      { key: this.keyOf(id), signal },
      [id],
    );
    const { desktop } = this.deps;
    return desktop.saveBytesAs
      ? desktop.saveBytesAs(bytes, fileName)
      : desktop.saveTextAs(new TextDecoder().decode(bytes), fileName);
  }

  /** Jobs of a set's runs share one worker, where the set's loaded runs are kept. */
  private keyOf(runId: string): string {
    const run = this.deps.labelled.deps.batches.getRun(runId);
    if (!run) throw new AppFailure({ code: 'not_found', message: 'This batch run no longer exists.' });
    return run.setId;
  }

  /**
   * Starts building a run's index in its set's worker, once `after` has settled (the first page);
   * the caller's leaving abandons it.
   */
  private build(runId: string, key: string, signal: AbortSignal | undefined, after?: Promise<unknown>): void {
    const build: IndexBuild = { progress: undefined, done: Promise.resolve() };
    const start = () =>
      this.job('grid.build', { id: runId }, { key, signal, onProgress: (p) => (build.progress = p) }, [
        runId,
      ]);
    build.done = (after ? after.then(start, start) : start())
      .then(() => void this.indexed.add(runId))
      .finally(() => {
        if (this.builds.get(runId) === build) this.builds.delete(runId);
      });
    // A failed or abandoned build is retried by the next call; its failure is that call's.
    build.done.catch(() => undefined);
    this.builds.set(runId, build);
  }

  private async untilBuilt(runId: string, signal: AbortSignal | undefined): Promise<void> {
    const build = this.builds.get(runId);
    if (!build) return;
    if (!signal) return build.done.catch(() => undefined);
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(aborted());
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      build.done
        .catch(() => undefined)
        .then(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        });
    });
  }

  /**
   * A job of the pool. A row that failed its schema cannot be set aside by the worker's
   * read-only connection: main reads the runs once itself, which sets it aside and reports it,
   * and the job runs again without it.
   */
  private async job<K extends Job>(
    kind: K,
    input: Parameters<JudgeRunJobs[K]>[0],
    opts: Parameters<WorkerPool['run']>[2],
    runIds: string[],
  ): Promise<Value<K>> {
    const pool = this.deps.pool!;
    try {
      return await pool.run<Value<K>>(kind, input, opts);
    } catch (err) {
      if (!(err instanceof QuarantineNeededError)) throw err;
      for (const id of runIds) loadLabelledRun(this.deps.labelled.deps, id);
      return pool.run<Value<K>>(kind, input, opts);
    }
  }
}
