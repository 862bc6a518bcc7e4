import { setImmediate as nextTurn } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { EvalSpec } from '../../../src-shared/evals/eval-definition';
import type { EvalCell, EvalRun } from '../../../src-shared/evals/eval-run';
import type { EvalCellKey, EvalRunProgress } from '../../../src-shared/evals/eval-run-views';
import { planProblem, planSummary } from '../../../src-shared/evals/run-plan';
import {
  BATCH_CONCURRENCY_MAX,
  BATCH_CONCURRENCY_MIN,
  type PauseReason,
} from '../../../src-shared/judge/batch-run';
import type { Question } from '../../../src-shared/judge/question-rules';
import { AppFailure, type ErrorCode, invalidInput } from '../../../src-shared/result';
import { latestPerKey } from '../../ipc/latest-per-key';
import type { EvalRepository } from '../db/eval-repository';
import type { EvalRunRepository } from '../db/eval-repository-runs';
import type { QuestionSetRepository } from '../db/question-set-repository';
import type { GatewayClient } from '../gateway/gateway-client';
import {
  BatchRunner,
  PauseRun,
  RateLimited,
  type RunnerEnd,
  type RunnerFailure,
} from '../judge/batch/batch-runner';
import type { TokenCounter } from '../judge/token-counter';
import type { ProfileService } from '../profiles/profile-service';
import { requireRun, RUN_GONE } from './require-run';
import { graderQuestions } from './grader-questions';
import { evalCellSource, plannedCell, type SourcedCell, storedCells } from './eval-cell-source';
import { type CellOutcome, EvalCellWork } from './eval-cell-work';

/**
 * Progress events per run: at most one per window, as a batch run's, each made when it goes out
 * (docs/architecture.md, "Evals"): a cell only marks its run as due, so a run of 4,000 cells
 * reads and parses its record a few times a second, not once per cell.
 */
export const EVAL_PROGRESS_WINDOW_MS = 200;
export const EVAL_CONCURRENCY_DEFAULT = 4;

/** A batch run's range: below 1 nothing would ever be sent. */
function checkConcurrency(concurrency: number): void {
  if (
    !Number.isInteger(concurrency) ||
    concurrency < BATCH_CONCURRENCY_MIN ||
    concurrency > BATCH_CONCURRENCY_MAX
  )
    throw invalidInput(
      'concurrency',
      `must be a whole number from ${BATCH_CONCURRENCY_MIN} to ${BATCH_CONCURRENCY_MAX}`,
    );
}

export type { EvalRunProgress };

export interface EvalRunServiceDeps {
  evals: Pick<EvalRepository, 'get' | 'rows' | 'countRows'>;
  runs: EvalRunRepository;
  sets: Pick<QuestionSetRepository, 'get'>;
  client: GatewayClient;
  profiles: Pick<ProfileService, 'get' | 'target' | 'activeId' | 'idleTimeoutMs'>;
  emit: (progress: EvalRunProgress) => void;
  tokens?: TokenCounter;
  now?: () => number;
  /**
   * Held while a run sends, so the database's checkpoints happen in a worker, not in the commit
   * of a cell (core/workers/wal-checkpoint.ts); absent without a pool.
   */
  wal?: { hold(): () => void };
}

interface Active {
  runner: BatchRunner<SourcedCell, CellOutcome>;
  ended: Promise<void>;
  cached: number;
  sent: number;
  /** Gives main back its own checkpoints when the run stops sending. */
  release: () => void;
}

/** A run whose progress is due; `ended`: the session of a run that has just stopped, for its last counts. */
interface ProgressDue {
  runId: string;
  ended?: Active;
}

/**
 * An eval's runs (docs/architecture.md, "Evals"): the batch runner's habits —
 * concurrency, 429 slow-down, 402 pause, pause / resume / cancel, a restart that goes on without
 * sending a finished cell again — over a run's planned cells, each written alone as it arrives,
 * and replies taken from the cache of the same exact request.
 */
export class EvalRunService {
  private readonly active = new Map<string, Active>();
  /**
   * Each run's cell work, kept while the run is paused: a reply whose grading met a 402 is
   * graded on resume without being asked for again (until the app quits).
   */
  private readonly works = new Map<string, EvalCellWork>();
  private readonly progress = latestPerKey<ProgressDue>(
    (d) => d.runId,
    (d) => this.sendProgress(d),
    EVAL_PROGRESS_WINDOW_MS,
  );
  private disposed = false;

  constructor(private readonly deps: EvalRunServiceDeps) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private require(id: string): EvalRun {
    return requireRun(this.deps, id);
  }

  private refuse(run: EvalRun, action: string): never {
    throw new AppFailure({ code: 'bad_request', message: `A ${run.state} eval run cannot be ${action}.` });
  }

  private questionsOf(spec: EvalSpec): Question[] | undefined {
    return graderQuestions(this.deps.sets, spec);
  }

  /** Plans the run, stores it with the definition as it is now, and starts sending. */
  start(evalId: string, concurrency = EVAL_CONCURRENCY_DEFAULT): EvalRun {
    checkConcurrency(concurrency);
    const record = this.deps.evals.get(evalId);
    if (!record) throw new AppFailure({ code: 'not_found', message: 'That eval no longer exists.' });
    const { id: _id, createdAt: _c, updatedAt: _u, ...spec } = record;
    if (spec.dataset.source.kind !== 'stored')
      throw invalidInput(
        'dataset.source',
        'must be the stored dataset in the app (a file is for the command line)',
      );
    this.questionsOf(spec);
    const plan = planSummary(spec, this.deps.evals.countRows(evalId));
    const problem = planProblem(plan);
    if (problem) throw invalidInput('dataset', problem);
    const now = this.now();
    const run = this.deps.runs.putRun({
      id: randomUUID(),
      evalId,
      state: 'queued',
      createdAt: now,
      updatedAt: now,
      spec,
      plan,
    });
    const at = this.launch(run, concurrency);
    // The run as stored, without reading back what was just written (a definition checked whole).
    return { ...run, state: 'running', updatedAt: at };
  }

  resume(id: string, concurrency = EVAL_CONCURRENCY_DEFAULT): EvalRun {
    checkConcurrency(concurrency);
    const run = this.require(id);
    if (run.state !== 'paused') this.refuse(run, 'resumed');
    this.launch(run, concurrency);
    return this.require(id);
  }

  /** Sends no more cells; those in flight finish and are kept (they are paid for). */
  async pause(id: string): Promise<EvalRun> {
    const run = this.require(id);
    if (run.state !== 'running') this.refuse(run, 'paused');
    const active = this.active.get(id);
    if (active) {
      active.runner.pause();
      await active.ended;
    } else this.deps.runs.setRunState(id, 'paused', this.now());
    return this.require(id);
  }

  /** Stops at once: requests in flight are aborted; every stored cell is kept. */
  async cancel(id: string): Promise<EvalRun> {
    const run = this.require(id);
    if (run.state === 'cancelled' || run.state === 'done') this.refuse(run, 'cancelled');
    this.deps.runs.setRunState(id, 'cancelled', this.now());
    this.works.delete(id);
    const active = this.active.get(id);
    if (active) {
      active.runner.stop();
      await active.ended;
    }
    this.emitProgress(id, true);
    return this.require(id);
  }

  /** Waits for a run this service is sending to stop (done, paused, cancelled). */
  async settled(id: string): Promise<EvalRun> {
    await this.active.get(id)?.ended;
    return this.require(id);
  }

  /** At start: runs that were running when the app stopped go on where they stopped. */
  resumeInterrupted(concurrency = EVAL_CONCURRENCY_DEFAULT): void {
    checkConcurrency(concurrency);
    for (const run of this.deps.runs.runsInState('running')) {
      try {
        this.launch(run, concurrency);
      } catch (err) {
        const reason = { code: 'not_found', message: (err as Error).message, at: this.now() };
        this.deps.runs.setRunState(run.id, 'paused', this.now(), reason);
      }
    }
  }

  /** Quitting: requests in flight are aborted; runs stay `running` and go on at the next start. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.active.values()].map((a) => (a.runner.stop(), a.ended)));
    this.progress.flush();
  }

  /** Starts sending on later turns of main's loop; the time the run was set running. */
  private launch(run: EvalRun, concurrency: number): number {
    if (this.active.has(run.id)) return run.updatedAt;
    if (this.disposed) throw new AppFailure({ code: 'internal', message: 'Gatehouse is closing.' });
    const work = this.workFor(run);
    this.works.set(run.id, work);
    const at = this.now();
    this.deps.runs.setRunState(run.id, 'running', at);
    const runner = new BatchRunner<SourcedCell, CellOutcome>({
      source: evalCellSource(this.deps.evals, run.evalId, run.spec, run.plan.rows),
      skip: storedCells(this.deps.runs, run.id),
      concurrency,
      now: () => this.now(),
      send: (c, signal) => work.run(c, signal),
      record: (cellId, outcome) => this.record(run.id, cellId, outcome),
      changed: () => this.emitProgress(run.id),
    });
    const release = this.deps.wal?.hold() ?? (() => undefined);
    const active: Active = { runner, cached: 0, sent: 0, ended: Promise.resolve(), release };
    this.active.set(run.id, active);
    // The route answers first; the first event, then the first page of cells and the first sends
    // (rows read and checked, requests rendered and hashed, the schemas' first use), each take a
    // turn of main's loop of their own, not the route's (docs/architecture.md, "Evals").
    active.ended = nextTurn()
      .then(() => {
        this.emitProgress(run.id, true);
        return nextTurn();
      })
      .then(() => runner.run())
      .then(
        (end) => this.ended(run.id, runner, end),
        (err: unknown) =>
          this.ended(run.id, runner, 'paused', { code: 'internal', message: String(err), at: this.now() }),
      );
    return at;
  }

  /**
   * The run's cell work: kept while it is paused (the replies in hand stay) with its targets
   * looked up again (a key may have been typed since), else made from the definition it started with.
   */
  private workFor(run: EvalRun): EvalCellWork {
    const kept = this.works.get(run.id);
    kept?.forgetTargets();
    return (
      kept ??
      new EvalCellWork(
        {
          client: this.deps.client,
          profiles: this.deps.profiles,
          runs: this.deps.runs,
          now: () => this.now(),
          tokens: this.deps.tokens,
        },
        run.evalId,
        run.spec,
        this.questionsOf(run.spec),
      )
    );
  }

  /**
   * Sends one cell of a run that is not sending (done, paused or cancelled) again, alone: its
   * reply asked for anew (never the cache's), checked, graded, stored in place of the old one.
   */
  async retryCell(key: EvalCellKey, signal: AbortSignal): Promise<EvalCell> {
    const run = this.require(key.runId);
    if (this.active.has(run.id) || run.state === 'running' || run.state === 'queued')
      throw new AppFailure({
        code: 'bad_request',
        message: `A ${run.state} eval run cannot retry a cell: pause it first.`,
      });
    const cell = plannedCell(run, key);
    const [row] = this.deps.evals.rows(run.evalId, key.row, 1);
    const data =
      row?.position === key.row
        ? { variables: row.variables, ...(row.expected === undefined ? {} : { expected: row.expected }) }
        : undefined;
    let outcome: CellOutcome;
    try {
      outcome = await this.workFor(run).run({ ...cell, data }, signal, true);
    } catch (err) {
      if (err instanceof RateLimited)
        throw new AppFailure({
          code: 'rate_limited',
          message: 'The gateway asked to slow down: try again shortly.',
        });
      if (err instanceof PauseRun)
        throw new AppFailure({
          code: err.reason.code as ErrorCode,
          message: err.reason.message,
          ...(err.reason.status === undefined ? {} : { status: err.reason.status }),
        });
      throw err;
    }
    if (!this.record(run.id, cell.id, outcome))
      throw new AppFailure({ code: 'not_found', message: RUN_GONE });
    this.emitProgress(run.id, true);
    return this.deps.runs.getCell(run.id, key.row, key.variantId, key.targetId, key.sample)!;
  }

  private ended(id: string, runner: Active['runner'], end: RunnerEnd, failure?: PauseReason): void {
    const active = this.active.get(id);
    active?.release();
    this.active.delete(id);
    if (end !== 'paused') this.works.delete(id);
    const run = this.deps.runs.getRun(id);
    if (!run || end === 'gone') return;
    // Cancel saved its state before stopping; a stop by dispose leaves `running` for the next start.
    if (end === 'paused') this.deps.runs.setRunState(id, 'paused', this.now(), failure ?? runner.pauseReason);
    else if (end === 'done') this.deps.runs.setRunState(id, 'done', this.now());
    this.emitProgress(id, true, active);
  }

  /** The cell alone, with the run's counts, in one small transaction; false when the run is gone. */
  private record(runId: string, id: string, outcome: CellOutcome | RunnerFailure): boolean {
    const [row, variantId, targetId, sample] = id.split('.');
    const cell =
      'cell' in outcome ? outcome.cell : { cacheKey: '', state: 'failed' as const, error: outcome.error };
    const stored = this.deps.runs.putCell({
      ...cell,
      runId,
      row: Number(row),
      variantId,
      targetId,
      sample: Number(sample),
      updatedAt: this.now(),
    });
    const active = this.active.get(runId);
    if (stored && active && 'cell' in outcome && outcome.cell.reply) {
      if (outcome.cached) active.cached++;
      else active.sent++;
    }
    if (stored) this.emitProgress(runId);
    return stored;
  }

  /**
   * Marks the run's progress as due (at once when `now`: a change of state). `ended`: the session
   * of a run that has just stopped, for its last counts.
   */
  private emitProgress(id: string, now = false, ended?: Active): void {
    this.progress.push(ended ? { runId: id, ended } : { runId: id });
    if (now) this.progress.flush();
  }

  /** The event, made as it goes out: the run's record and counts are read once per window. */
  private sendProgress({ runId: id, ended }: ProgressDue): void {
    const run = this.deps.runs.getRun(id);
    if (!run) return;
    const active = this.active.get(id) ?? ended;
    const runner = active?.runner;
    this.deps.emit({
      runId: id,
      evalId: run.evalId,
      state: run.state,
      total: run.plan.cells,
      ...this.deps.runs.counts(id),
      cached: active?.cached ?? 0,
      sent: active?.sent ?? 0,
      rateLimited: runner?.rateLimited ?? 0,
      concurrency: runner?.limit.limit ?? 0,
      ...(run.pauseReason ? { pauseReason: run.pauseReason } : {}),
    });
  }
}
