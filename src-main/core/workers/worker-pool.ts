import { Worker } from 'node:worker_threads';
import { AppFailure, type AppError } from '../../../src-shared/result';
import {
  type JobProgress,
  type JobReply,
  type JobRequest,
  PING,
  type WorkerStartData,
} from './worker-messages';

/** Where a worker's code is: the built file, or the TypeScript source with the loader it needs. */
export interface WorkerEntry {
  file: URL;
  execArgv?: string[];
}

export interface RunOptions {
  /**
   * Jobs with the same key go to the same worker, which keeps what it loaded for them (a set's
   * runs); a job without one goes to an idle worker if there is one.
   */
  key?: string;
  /** Aborting it drops the job if it waits, or ends the worker running it (then started again). */
  signal?: AbortSignal;
  onProgress?: (p: JobProgress) => void;
}

/** A job met rows that must be set aside, which only main's connection can do. */
export class QuarantineNeededError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QuarantineNeededError';
  }
}

interface Job {
  id: number;
  kind: string;
  input: unknown;
  opts: RunOptions;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  /** Detaches the abort listener. */
  settle: () => void;
}

interface Slot {
  worker?: Worker;
  /** The worker has answered a job, so its code is loaded (a new one takes a few hundred ms). */
  loaded?: boolean;
  running?: Job;
  queue: Job[];
}

const aborted = (signal: AbortSignal): AppFailure =>
  new AppFailure({
    code: 'aborted',
    message:
      signal.reason instanceof Error && signal.reason.message
        ? signal.reason.message
        : 'Stopped: the window that asked went away.',
  });

const loaded = (slot: Slot): boolean => !!slot.worker && !!slot.loaded;

function hash(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/**
 * A few worker threads for the work that would hold main's event loop (docs/architecture.md,
 * "Worker threads"): each runs one job at a time, in the order given; a job carries progress on
 * its way and ends with its value or the app's typed failure. Cancelling a running job ends its
 * worker (a computation cannot be interrupted otherwise), and a new one takes the queue on.
 */
export class WorkerPool {
  private readonly slots: Slot[];
  private nextId = 1;
  private closed = false;
  private warming: Promise<void> = Promise.resolve();
  /** Workers started so far, the replacements of ended ones included (tests read it). */
  started = 0;

  constructor(private readonly opts: { size: number; entry: WorkerEntry; workerData: WorkerStartData }) {
    this.slots = Array.from({ length: Math.max(1, opts.size) }, () => ({ queue: [] }));
  }

  get size(): number {
    return this.slots.length;
  }

  /**
   * Starts every worker now, so the first job does not wait for one to load its code: one after
   * the other, since each load is a few hundred ms of CPU and two at once on two cores (beside
   * main starting) made the first ready only after both (docs/architecture.md, "Worker threads").
   */
  warm(): this {
    const ping = (slot: Slot) =>
      this.enqueue(slot, PING, undefined, {}).then(
        () => undefined,
        () => undefined,
      );
    const [first, ...rest] = this.slots;
    this.warming = rest.reduce((before, slot) => before.then(() => ping(slot)), ping(first));
    return this;
  }

  /** Settles once every worker started by warm() has loaded its code (tests wait for it). */
  ready(): Promise<void> {
    return this.warming;
  }

  /**
   * Whether a job without a key would start at once: a worker has loaded its code and has
   * nothing to do. Not at start, while the workers load theirs (docs/architecture.md, "Worker threads").
   */
  hasIdleWorker(): boolean {
    return this.slots.some((s) => loaded(s) && !s.running && s.queue.length === 0);
  }

  run<T>(kind: string, input: unknown, opts: RunOptions = {}): Promise<T> {
    return this.enqueue(this.pick(opts.key), kind, input, opts);
  }

  private enqueue<T>(slot: Slot, kind: string, input: unknown, opts: RunOptions): Promise<T> {
    if (this.closed)
      return Promise.reject(new AppFailure({ code: 'aborted', message: 'Gatehouse is closing.' }));
    const { signal } = opts;
    if (signal?.aborted) return Promise.reject(aborted(signal));
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        kind,
        input,
        opts,
        resolve: resolve as (v: unknown) => void,
        reject,
        settle: () => signal?.removeEventListener('abort', onAbort),
      };
      const onAbort = () => this.cancel(slot, job, aborted(signal!));
      signal?.addEventListener('abort', onAbort, { once: true });
      slot.queue.push(job);
      this.next(slot);
    });
  }

  /** Ends every worker; jobs running or waiting fail as aborted. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const closing = new AppFailure({ code: 'aborted', message: 'Gatehouse is closing.' });
    await Promise.all(
      this.slots.map(async (slot) => {
        for (const job of slot.queue.splice(0)) this.finish(job, () => job.reject(closing));
        const { running, worker } = slot;
        slot.running = undefined;
        slot.worker = undefined;
        if (running) this.finish(running, () => running.reject(closing));
        await worker?.terminate();
      }),
    );
  }

  private pick(key: string | undefined): Slot {
    if (key !== undefined) return this.slots[hash(key) % this.slots.length];
    // Of two idle slots, the one whose worker has its code loaded (the other would start one).
    const load = (s: Slot) => s.queue.length + (s.running ? 1 : 0) + (loaded(s) ? 0 : 0.5);
    return this.slots.reduce((best, s) => (load(s) < load(best) ? s : best));
  }

  private finish(job: Job, settle: () => void): void {
    job.settle();
    settle();
  }

  private cancel(slot: Slot, job: Job, err: AppFailure): void {
    const at = slot.queue.indexOf(job);
    if (at >= 0) {
      slot.queue.splice(at, 1);
      this.finish(job, () => job.reject(err));
      return;
    }
    if (slot.running !== job) return;
    // A computation cannot be interrupted: its worker ends, and the next job starts a new one.
    // The caller hears once the worker has ended, so nothing of the job goes on after (an
    // import's write connection is closed, its transaction rolled back, its lock released).
    const worker = slot.worker;
    slot.worker = undefined;
    slot.running = undefined;
    const ended = worker ? worker.terminate().catch(() => undefined) : Promise.resolve();
    void ended.then(() => this.finish(job, () => job.reject(err)));
    this.next(slot);
  }

  private next(slot: Slot): void {
    if (this.closed || slot.running || slot.queue.length === 0) return;
    const job = slot.queue.shift()!;
    slot.running = job;
    const worker = this.workerOf(slot);
    worker.ref();
    const request: JobRequest = { id: job.id, kind: job.kind, input: job.input };
    worker.postMessage(request);
  }

  private done(slot: Slot): void {
    slot.running = undefined;
    if (slot.queue.length === 0) slot.worker?.unref();
    this.next(slot);
  }

  private workerOf(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = new Worker(this.opts.entry.file, {
      workerData: this.opts.workerData,
      execArgv: this.opts.entry.execArgv,
    });
    this.started++;
    slot.loaded = false;
    // An idle pool never keeps a process alive; a job in hand does (next refs it).
    worker.unref();
    slot.worker = worker;
    worker.on('message', (reply: JobReply) => {
      const job = slot.running;
      if (slot.worker !== worker || !job || job.id !== reply.id) return;
      slot.loaded = true;
      if (reply.type === 'progress') {
        job.opts.onProgress?.(reply.progress);
        return;
      }
      this.finish(job, () => {
        if (reply.type === 'done') job.resolve(reply.value);
        else if (reply.type === 'failed') job.reject(new AppFailure(reply.error));
        else job.reject(new QuarantineNeededError(reply.message));
      });
      this.done(slot);
    });
    const lost = (error: AppError) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      const job = slot.running;
      if (job) this.finish(job, () => job.reject(new AppFailure(error)));
      this.done(slot);
    };
    worker.on('error', (err) =>
      lost({ code: 'internal', message: `A worker thread failed: ${err.message}` }),
    );
    worker.on('exit', (code) =>
      lost({ code: 'internal', message: `A worker thread stopped unexpectedly (exit code ${code}).` }),
    );
    return worker;
  }
}
