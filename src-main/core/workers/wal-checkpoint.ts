import { DatabaseSync } from 'node:sqlite';
import type { WorkerPool } from './worker-pool';

/**
 * Checkpoints leave main while it writes many small transactions (docs/architecture.md, "Worker
 * threads"). SQLite copies the write-ahead log into the database inside the commit that fills
 * it (1,000 pages by default) and syncs the file: an eval run's cells, written one by one, made
 * one commit in about 100 wait 30–200 ms on the disk (measured on this machine, main's own CPU
 * idle meanwhile). While held, main's connection never checkpoints and a worker does, every
 * `everyMs`, on a connection of its own (PASSIVE: it waits for no reader or writer).
 */
export const WAL_CHECKPOINT_JOB = 'db.walCheckpoint';
export const WAL_CHECKPOINT_EVERY_MS = 1_000;

export interface WalCheckpointResult {
  /** Frames in the log, and how many of them are in the database now. */
  log: number;
  checkpointed: number;
}

/** The worker's side: a short-lived write connection (main's holds the folder's lock, not the file's). */
export function walCheckpointJobs(databaseFile: string) {
  return {
    [WAL_CHECKPOINT_JOB]: (): WalCheckpointResult => {
      const db = new DatabaseSync(databaseFile);
      try {
        db.exec('PRAGMA busy_timeout = 1000');
        db.exec('PRAGMA wal_autocheckpoint = 0');
        const { log, checkpointed } = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as {
          log: number;
          checkpointed: number;
        };
        return { log, checkpointed };
      } finally {
        db.close();
      }
    },
  };
}

/**
 * Main's side: `hold()` while something writes a stream of small transactions (an eval run
 * sending). The last release asks a worker for one more checkpoint and gives main back its own
 * only once that is done: the log a run leaves is the worker's to copy, not the commit of the
 * run's last state (which waited 23 ms on the disk for it, main's CPU idle).
 */
export class WalCheckpoints {
  private holds = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private asking: Promise<void> | undefined;
  private restore = 1000;
  /** Main's own checkpoints are off: held, or released with the worker's last copy not yet done. */
  private off = false;

  constructor(
    private readonly deps: {
      db: Pick<DatabaseSync, 'exec' | 'prepare'>;
      pool: Pick<WorkerPool, 'run'>;
      everyMs?: number;
    },
  ) {}

  hold(): () => void {
    if (this.holds++ === 0) {
      if (!this.off) {
        const now = this.deps.db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number };
        this.restore = Number(now.wal_autocheckpoint) || 1000;
        this.deps.db.exec('PRAGMA wal_autocheckpoint = 0');
        this.off = true;
      }
      this.timer = setInterval(() => void this.checkpoint(), this.deps.everyMs ?? WAL_CHECKPOINT_EVERY_MS);
      this.timer.unref?.();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds > 0) return;
      clearInterval(this.timer);
      this.timer = undefined;
      // One begun before the last writes may have missed them: wait for it, then ask again.
      void (this.asking ?? Promise.resolve())
        .then(() => this.checkpoint())
        .then(() => {
          if (this.holds > 0 || !this.off) return;
          this.off = false;
          this.deps.db.exec(`PRAGMA wal_autocheckpoint = ${this.restore}`);
        });
    };
  }

  /** One at a time; a failure (the pool closing) is left to the next, or to main's own. */
  private checkpoint(): Promise<void> {
    this.asking ??= this.deps.pool
      .run<WalCheckpointResult>(WAL_CHECKPOINT_JOB, {})
      .then(
        () => undefined,
        // Main's connection checkpoints again once released; nothing is lost, the log only grows.
        () => undefined,
      )
      .finally(() => {
        this.asking = undefined;
      });
    return this.asking;
  }
}
