// One turn of the event loop: timers and I/O due now run before the next send starts.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { BatchCase, BatchResult, PauseReason } from '../../../../src-shared/judge/batch-run';
import { AdaptiveLimit } from './adaptive-limit';
import type { CaseSource } from './case-source';

/** What one case came to: stored as its result. */
export type CaseOutcome = Omit<BatchResult, 'runId' | 'caseId' | 'updatedAt'>;

/** The gateway said 429: the case goes back in line and the run slows down. */
export class RateLimited extends Error {
  constructor(readonly retryAfterMs: number | undefined) {
    super('rate limited');
  }
}

/** Every later case would fail the same way (no balance, no valid key, no network): the run waits for the user. */
export class PauseRun extends Error {
  constructor(readonly reason: PauseReason) {
    super(reason.message);
  }
}

export type RunnerEnd = 'done' | 'paused' | 'stopped' | 'gone';

/** What the runner stores itself when `send` throws something unforeseen. */
export interface RunnerFailure {
  status: 'failed';
  error: { code: 'internal'; message: string };
}

/**
 * The runner works on any item with an id (a judge case, an eval's cell) and any outcome that
 * says whether it is done; a batch run's are the defaults.
 */
export interface RunnerDeps<
  C extends { id: string } = BatchCase,
  O extends { status: string } = CaseOutcome,
> {
  /** Read a page at a time in a stable order (case-source.ts for a batch run's cases). */
  source: Pick<CaseSource, 'count'> & { page(offset: number, limit: number): Promise<C[]> | C[] };
  /** Items with a stored result: never sent again by the runner. */
  skip: { has(id: string): boolean };
  concurrency: number;
  /** One request; resolves to the item's result, or throws RateLimited / PauseRun. */
  send(c: C, signal: AbortSignal): Promise<O>;
  /**
   * Stores a result as it arrives, or queues it to be stored at the end of the tick (a batch
   * run's: batch-result-writer.ts); false when the run no longer exists.
   */
  record(caseId: string, outcome: O | RunnerFailure): boolean;
  /** Something a progress event shows changed (a 429, the limit). */
  changed(): void;
  now(): number;
  /** Default 1 s: a 429 without Retry-After. */
  defaultBackoffMs?: number;
}

const PAGE = 100;

/**
 * Sends a run's cases with up to `limit` requests in flight, reading the source a page at a
 * time. A 429 puts its case back first in line, halves the limit and holds every new request
 * until Retry-After has passed; successes bring the limit back. Pausing lets the requests in
 * flight finish (they are paid for) and sends no more; stopping aborts them.
 */
export class BatchRunner<C extends { id: string } = BatchCase, O extends { status: string } = CaseOutcome> {
  readonly limit: AdaptiveLimit;
  rateLimited = 0;
  pauseReason: PauseReason | undefined;
  private readonly controller = new AbortController();
  private halt: 'pause' | 'stop' | undefined;
  private gone = false;
  private holdUntil = 0;
  private drained = false;
  private readonly retry: C[] = [];
  private wake: (() => void) | undefined;
  private finished: Promise<RunnerEnd> | undefined;

  constructor(private readonly deps: RunnerDeps<C, O>) {
    this.limit = new AdaptiveLimit(deps.concurrency);
  }

  run(): Promise<RunnerEnd> {
    this.finished ??= this.loop();
    return this.finished;
  }

  pause(reason?: PauseReason): void {
    this.halt ??= 'pause';
    this.pauseReason ??= reason;
    this.wake?.();
  }

  stop(): void {
    this.halt = 'stop';
    this.controller.abort();
    this.wake?.();
  }

  /** The run was found gone after `record` said yes (its results are written later): stop, ending `gone`. */
  abandon(): void {
    this.gone = true;
    this.stop();
  }

  private async loop(): Promise<RunnerEnd> {
    const { source, skip } = this.deps;
    const buffer: C[] = [];
    let offset = 0;
    let exhausted = false;
    const next = async (): Promise<C | undefined> => {
      if (this.retry.length > 0) return this.retry.shift();
      while (buffer.length === 0 && !exhausted) {
        const page = await source.page(offset, PAGE);
        offset += page.length;
        if (page.length < PAGE) exhausted = true;
        for (const c of page) if (!skip.has(c.id)) buffer.push(c);
      }
      return buffer.shift();
    };

    const inFlight = new Set<Promise<void>>();
    while (!this.halt) {
      if (this.holdUntil <= this.deps.now()) {
        while (!this.halt && inFlight.size < this.limit.limit && !(this.drained && this.retry.length === 0)) {
          const c = await next();
          if (!c) {
            this.drained = true;
            break;
          }
          const p: Promise<void> = this.one(c).finally(() => inFlight.delete(p));
          inFlight.add(p);
          // Each send builds and starts its request on main's thread (both ends, with the in-app
          // Sandbox): filling 16 slots at once held main's loop 30–40 ms, so let it breathe
          // between them (docs/architecture.md, "Batch runs").
          await yieldToLoop();
        }
      }
      if (this.halt) break;
      if (inFlight.size === 0 && this.drained && this.retry.length === 0) break;
      const hold = this.holdUntil - this.deps.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        ...inFlight,
        new Promise<void>((resolve) => {
          this.wake = resolve;
          // Nothing in flight means the loop held back for a 429: wake when the hold ends, even
          // if it ended since the loop looked (a slow machine), or nothing would ever wake it.
          if (hold > 0 || inFlight.size === 0) timer = setTimeout(resolve, Math.max(0, hold));
        }),
      ]);
      clearTimeout(timer);
      this.wake = undefined;
    }
    await Promise.allSettled([...inFlight]);
    if (this.gone) return 'gone';
    if (this.halt === 'stop') return 'stopped';
    if (this.halt === 'pause') return 'paused';
    return 'done';
  }

  private async one(c: C): Promise<void> {
    const sentAt = this.deps.now();
    let outcome: O | RunnerFailure;
    try {
      outcome = await this.deps.send(c, this.controller.signal);
    } catch (err) {
      if (this.controller.signal.aborted) return; // stopped: the case stays unanswered
      if (err instanceof RateLimited) {
        const now = this.deps.now();
        this.rateLimited++;
        this.limit.rateLimited(sentAt, now);
        this.holdUntil = Math.max(
          this.holdUntil,
          now + (err.retryAfterMs ?? this.deps.defaultBackoffMs ?? 1000),
        );
        this.retry.push(c);
        this.deps.changed();
        return;
      }
      if (err instanceof PauseRun) {
        this.retry.push(c);
        this.pause(err.reason);
        return;
      }
      outcome = {
        status: 'failed',
        error: { code: 'internal', message: err instanceof Error ? err.message : String(err) },
      };
    }
    // An answer that arrived is stored even when the run was stopped meanwhile: it was paid for.
    if (!this.deps.record(c.id, outcome)) {
      this.gone = true;
      this.stop();
      return;
    }
    if (outcome.status === 'done') this.limit.succeeded();
  }
}
