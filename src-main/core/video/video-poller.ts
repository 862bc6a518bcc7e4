import { GatewayError } from '../gateway/gateway-error';
import { isTerminal, type ParsedTaskBody } from '../../../src-shared/video/video-status';
import type { VideoTask } from '../../../src-shared/video/video-task';

/** Time, timers and randomness are injected so tests drive the poller with a fake clock. */
export interface PollerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** 0 <= x < 1, for jitter. */
  random(): number;
}

export const systemClock: PollerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const h = setTimeout(fn, ms);
    // A pending check must not keep a Node process (tests, browser mode) alive on its own.
    (h as { unref?: () => void }).unref?.();
    return h;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  random: Math.random,
};

export interface BackoffOptions {
  /** Wait before the first check of a new (or resumed) task. */
  firstDelayMs: number;
  /** Each further check waits this many times longer... */
  factor: number;
  /** ...up to this cap. */
  maxDelayMs: number;
  /** Fraction of spread, so many tasks do not poll in lockstep (also at the cap). */
  jitter: number;
  /** After a 429 without Retry-After, wait at least this long: the gateway asked us to slow down. */
  rateLimitMinMs: number;
  /**
   * A 404 means "record expired" only for a task seen before, or older than this: right after a
   * create, some gateways answer 404 until the task reaches their read side.
   */
  unseenExpiryMs: number;
  /** Checks stop this long after creation (or a resume): upstream expires a task after 48 h. */
  maxTotalWaitMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  firstDelayMs: 2000,
  factor: 1.5,
  maxDelayMs: 30_000,
  jitter: 0.2,
  rateLimitMinMs: 15_000,
  unseenExpiryMs: 10 * 60_000,
  maxTotalWaitMs: 48 * 60 * 60_000,
};

/** A saved next check further away than this is not trusted (a clock that jumped), and is brought in. */
const MAX_RESUME_WAIT_MS = 60 * 60_000;

/**
 * Delay before check number `attempt` (0 = first). Below the cap the delay spreads +/- the
 * jitter fraction; at the cap it spreads below it (cap * (1 - jitter * r)), so tasks that all
 * reached the cap still do not poll in lockstep. Never above the cap.
 */
export function backoffDelay(
  attempt: number,
  opts: Pick<BackoffOptions, 'firstDelayMs' | 'factor' | 'maxDelayMs' | 'jitter'>,
  random: () => number,
): number {
  const base = opts.firstDelayMs * opts.factor ** attempt;
  if (base >= opts.maxDelayMs) return Math.round(opts.maxDelayMs * (1 - opts.jitter * random()));
  const spread = 1 - opts.jitter + 2 * opts.jitter * random();
  return Math.round(Math.min(opts.maxDelayMs, base * spread));
}

export interface TaskStore {
  list(): VideoTask[];
  get(id: string): VideoTask | undefined;
  put(task: VideoTask): VideoTask;
}

export interface PollerDeps {
  tasks: TaskStore;
  /** One status query (GET, sent once: the poller is the retry schedule); throws GatewayError on failure. */
  check(task: VideoTask): Promise<{ raw: string; parsed: ParsedTaskBody }>;
  /** Called after every saved change (new status, error, expiry). */
  onChange?(task: VideoTask, previous: VideoTask): void;
  clock?: PollerClock;
  backoff?: Partial<BackoffOptions>;
}

export const EXPIRED_MESSAGE = 'record expired';
export const NOT_YET_KNOWN_MESSAGE =
  'The gateway does not know this task yet (HTTP 404); it may still be registering it. Still checking.';

/** Applies one status reply to a task. Pure, so it is tested on its own. */
export function applyStatus(
  task: VideoTask,
  reply: { raw: string; parsed: ParsedTaskBody },
  now: number,
): VideoTask {
  const p = reply.parsed;
  const next: VideoTask = {
    ...task,
    state: p.state,
    rawStatus: p.status,
    lastBody: reply.raw,
    lastCheckedAt: now,
    seenAt: now,
    updatedAt: now,
    pollError: undefined,
    // Each reply says afresh what it lacks and where the queue stands.
    missing: p.missing,
    queuePosition: p.queuePosition,
  };
  if (p.contentPath) next.contentPath = p.contentPath;
  if (p.progress !== undefined) next.progress = p.progress;
  if (p.state === 'succeeded') next.progress = 100;
  if (p.videoUrl) next.remoteUrl = p.videoUrl;
  if (p.error) next.error = p.error;
  if (p.errorCode) next.errorCode = p.errorCode;
  if (p.lastFrameUrl) next.lastFrameUrl = p.lastFrameUrl;
  if (p.remoteUpdatedAt) next.remoteUpdatedAt = p.remoteUpdatedAt;
  if (isTerminal(p.state)) next.finishedAt ??= now;
  return next;
}

/** The body of an error reply, as far as the client kept it, for the raw view. */
function errorBody(err: GatewayError): string {
  return JSON.stringify({ http_status: err.status, message: err.gatewayMessage ?? err.message });
}

/**
 * Tracks every unfinished task until it ends, whether or not a window is watching. Checks back
 * off from `firstDelayMs` to `maxDelayMs` with jitter, honour Retry-After, and keep going
 * through network errors and 429s. It only ever reads (GET): it never creates a task. The
 * schedule (attempt count, next check time) is saved with each task, so a restart resumes it
 * instead of hammering the gateway from attempt 0. At most one check of a task runs at a time.
 */
export class VideoPoller {
  private readonly clock: PollerClock;
  private readonly backoff: BackoffOptions;
  private readonly timers = new Map<string, unknown>();
  private readonly attempts = new Map<string, number>();
  private readonly inFlight = new Set<string>();
  private disposed = false;

  constructor(private readonly deps: PollerDeps) {
    this.clock = deps.clock ?? systemClock;
    this.backoff = { ...DEFAULT_BACKOFF, ...deps.backoff };
  }

  /**
   * Resumes every unfinished task of the store (after a restart), each at its saved next check
   * but never sooner than the first delay. Tasks already tracked are left alone. Does nothing
   * after dispose().
   */
  start(): void {
    if (this.disposed) return;
    const now = this.clock.now();
    for (const task of this.deps.tasks.list()) {
      if (isTerminal(task.state) || task.stoppedCheckingAt || this.isTracking(task.id)) continue;
      this.attempts.set(task.id, task.pollAttempt ?? 0);
      const first = now + backoffDelay(0, this.backoff, this.clock.random);
      const at = Math.min(Math.max(task.nextCheckAt ?? 0, first), now + MAX_RESUME_WAIT_MS);
      this.schedule(task.id, at - now);
    }
  }

  /** Starts the schedule of a new task from its first delay. */
  track(id: string): void {
    if (this.disposed || this.inFlight.has(id)) return;
    this.attempts.set(id, 0);
    this.schedule(id, backoffDelay(0, this.backoff, this.clock.random));
  }

  /** Checks at once (the user asked), then goes on with the schedule. */
  checkNow(id: string): void {
    if (this.disposed || this.inFlight.has(id)) return;
    this.schedule(id, 0);
  }

  /** Starts checking a task that stopped after the total wait; the wait starts again from now. */
  resume(id: string): void {
    const task = this.deps.tasks.get(id);
    if (this.disposed || !task || isTerminal(task.state)) return;
    const next = { ...task, stoppedCheckingAt: undefined, waitFrom: this.clock.now(), pollAttempt: 0 };
    this.deps.tasks.put(next);
    this.deps.onChange?.(next, task);
    this.attempts.set(id, 0);
    this.schedule(id, 0);
  }

  forget(id: string): void {
    this.clearTimer(id);
    this.attempts.delete(id);
  }

  isTracking(id: string): boolean {
    return this.timers.has(id) || this.inFlight.has(id);
  }

  /** Final: nothing is checked or scheduled afterwards, even by a late start(). */
  dispose(): void {
    this.disposed = true;
    for (const id of [...this.timers.keys()]) this.clearTimer(id);
    this.attempts.clear();
  }

  private clearTimer(id: string): void {
    const h = this.timers.get(id);
    if (h !== undefined) this.clock.clearTimeout(h);
    this.timers.delete(id);
  }

  private schedule(id: string, delayMs: number, persist = true): void {
    this.clearTimer(id);
    const task = persist ? this.deps.tasks.get(id) : undefined;
    if (task) this.deps.tasks.put({ ...task, nextCheckAt: this.clock.now() + delayMs });
    this.timers.set(
      id,
      this.clock.setTimeout(() => void this.poll(id), delayMs),
    );
  }

  private async poll(id: string): Promise<void> {
    this.timers.delete(id);
    // The check already running reschedules when it ends; a second one would double the load.
    if (this.disposed || this.inFlight.has(id)) return;
    const task = this.deps.tasks.get(id);
    if (!task || isTerminal(task.state) || task.stoppedCheckingAt) return;
    if (this.clock.now() - (task.waitFrom ?? task.createdAt) >= this.backoff.maxTotalWaitMs) {
      // Past the total wait: stop here (kept across restarts) until the user resumes.
      const stopped = { ...task, stoppedCheckingAt: this.clock.now(), nextCheckAt: undefined };
      this.deps.tasks.put(stopped);
      this.attempts.delete(id);
      this.deps.onChange?.(stopped, task);
      return;
    }
    const attempt = (this.attempts.get(id) ?? task.pollAttempt ?? 0) + 1;
    this.attempts.set(id, attempt);
    this.inFlight.add(id);
    let next: VideoTask;
    let minDelayMs = 0;
    try {
      const reply = await this.deps.check(task);
      if (this.disposed) return;
      next = applyStatus(this.deps.tasks.get(id) ?? task, reply, this.clock.now());
    } catch (err) {
      if (this.disposed) return;
      const latest = this.deps.tasks.get(id) ?? task;
      const now = this.clock.now();
      const known = latest.seenAt !== undefined || now - latest.createdAt >= this.backoff.unseenExpiryMs;
      if (err instanceof GatewayError && err.status === 404 && known) {
        // The gateway no longer knows a task it knew (or an old one): its record has expired.
        next = {
          ...latest,
          state: 'expired',
          error: EXPIRED_MESSAGE,
          lastBody: errorBody(err),
          lastCheckedAt: now,
          updatedAt: now,
          finishedAt: now,
          pollError: undefined,
        };
      } else if (err instanceof GatewayError && err.status === 404) {
        next = {
          ...latest,
          pollError: NOT_YET_KNOWN_MESSAGE,
          lastBody: errorBody(err),
          lastCheckedAt: now,
          updatedAt: now,
        };
      } else {
        if (err instanceof GatewayError && (err.code === 'rate_limited' || err.status === 429)) {
          minDelayMs = err.retryAfterMs ?? this.backoff.rateLimitMinMs;
        } else if (err instanceof GatewayError && err.retryAfterMs !== undefined) {
          minDelayMs = err.retryAfterMs;
        }
        const message = err instanceof Error ? err.message : String(err);
        next = { ...latest, pollError: message, lastCheckedAt: now, updatedAt: now };
      }
    } finally {
      this.inFlight.delete(id);
    }
    // Removed (or forgotten) while the check was in flight: write nothing, or the task comes back.
    const previous = this.deps.tasks.get(id);
    if (!previous || !this.attempts.has(id)) return;
    const terminal = isTerminal(next.state);
    const delay = terminal ? 0 : Math.max(backoffDelay(attempt, this.backoff, this.clock.random), minDelayMs);
    next.nextCheckAt = terminal ? undefined : this.clock.now() + delay;
    next.pollAttempt = attempt;
    this.deps.tasks.put(next);
    this.deps.onChange?.(next, previous);
    if (terminal) this.attempts.delete(id);
    else if (!this.disposed) this.schedule(id, delay, false);
  }
}
