import { GatewayError } from '../gateway/gateway-error';
import { isTerminal, type ParsedTaskBody } from './video-status';
import type { VideoTask } from './video-task';

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
  /** +/- this fraction of the delay, so many tasks do not poll in lockstep. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  firstDelayMs: 2000,
  factor: 1.5,
  maxDelayMs: 30_000,
  jitter: 0.2,
};

/** Delay before check number `attempt` (0 = first). Never above the cap. */
export function backoffDelay(attempt: number, opts: BackoffOptions, random: () => number): number {
  const base = Math.min(opts.maxDelayMs, opts.firstDelayMs * opts.factor ** attempt);
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
  /** One status query (GET); throws GatewayError on failure. */
  check(task: VideoTask): Promise<{ raw: string; parsed: ParsedTaskBody }>;
  /** Called after every saved change (new status, error, expiry). */
  onChange?(task: VideoTask, previous: VideoTask): void;
  clock?: PollerClock;
  backoff?: Partial<BackoffOptions>;
}

export const EXPIRED_MESSAGE = 'record expired';

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
    updatedAt: now,
    pollError: undefined,
  };
  if (p.progress !== undefined) next.progress = p.progress;
  if (p.state === 'succeeded') next.progress = 100;
  if (p.videoUrl) next.remoteUrl = p.videoUrl;
  if (p.error) next.error = p.error;
  if (isTerminal(p.state)) next.finishedAt ??= now;
  return next;
}

/**
 * Tracks every unfinished task until it ends, whether or not a window is watching. Checks back
 * off from `firstDelayMs` to `maxDelayMs` with jitter, honour Retry-After, and keep going
 * through network errors and 429s. It only ever reads (GET): it never creates a task.
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

  /** Resumes every unfinished task of the store (after a restart). */
  start(): void {
    this.disposed = false;
    for (const task of this.deps.tasks.list()) if (!isTerminal(task.state)) this.track(task.id);
  }

  /** Starts (or restarts) the schedule of one task from its first delay. */
  track(id: string): void {
    if (this.disposed) return;
    this.attempts.set(id, 0);
    this.schedule(id, backoffDelay(0, this.backoff, this.clock.random));
  }

  /** Checks at once (the user asked), then goes on with the schedule. */
  checkNow(id: string): void {
    if (this.disposed || this.inFlight.has(id)) return;
    this.schedule(id, 0);
  }

  forget(id: string): void {
    this.clearTimer(id);
    this.attempts.delete(id);
  }

  isTracking(id: string): boolean {
    return this.timers.has(id) || this.inFlight.has(id);
  }

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
    const task = this.deps.tasks.get(id);
    if (this.disposed || !task || isTerminal(task.state)) return;
    const attempt = (this.attempts.get(id) ?? 0) + 1;
    this.attempts.set(id, attempt);
    this.inFlight.add(id);
    let next: VideoTask;
    let retryAfterMs: number | undefined;
    try {
      const reply = await this.deps.check(task);
      if (this.disposed) return;
      next = applyStatus(this.deps.tasks.get(id) ?? task, reply, this.clock.now());
    } catch (err) {
      if (this.disposed) return;
      const latest = this.deps.tasks.get(id) ?? task;
      const now = this.clock.now();
      if (err instanceof GatewayError && err.status === 404) {
        // The gateway no longer knows the task: its record (and any result) has expired.
        next = {
          ...latest,
          state: 'expired',
          error: EXPIRED_MESSAGE,
          lastCheckedAt: now,
          updatedAt: now,
          finishedAt: now,
        };
        if (err.gatewayMessage) next.lastBody = err.gatewayMessage;
      } else {
        retryAfterMs = err instanceof GatewayError ? err.retryAfterMs : undefined;
        const message = err instanceof Error ? err.message : String(err);
        next = { ...latest, pollError: message, lastCheckedAt: now, updatedAt: now };
      }
    } finally {
      this.inFlight.delete(id);
    }
    if (!this.deps.tasks.get(id)) return; // removed while the check was in flight
    const previous = this.deps.tasks.get(id) ?? task;
    const terminal = isTerminal(next.state);
    const delay = terminal
      ? 0
      : Math.max(backoffDelay(attempt, this.backoff, this.clock.random), retryAfterMs ?? 0);
    next.nextCheckAt = terminal ? undefined : this.clock.now() + delay;
    this.deps.tasks.put(next);
    this.deps.onChange?.(next, previous);
    if (terminal) this.attempts.delete(id);
    else if (!this.disposed) this.schedule(id, delay, false);
  }
}
