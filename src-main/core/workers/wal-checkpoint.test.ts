import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../db/open-database';
import { openDataFolder } from '../db/open-data-folder';
import { StorageNotices } from '../storage/storage-notices';
import { until } from '../judge/batch/batch.test-helper';
import {
  WAL_CHECKPOINT_JOB,
  type WalCheckpointResult,
  WalCheckpoints,
  walCheckpointJobs,
} from './wal-checkpoint';

/*
 * While held, main's connection never copies the write-ahead log into the database (the copy
 * and its sync used to fall to one commit in a hundred of an eval run's cells); the job does it
 * on a connection of its own. The pool here runs the job in this thread: what counts is who asks.
 */
let dir: string;
let db: DatabaseSync;
let asked: WalCheckpointResult[];
let pool: { run<T>(kind: string, input: unknown): Promise<T> };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-wal-'));
  db = openDataFolder(dir, new StorageNotices());
  db.exec('CREATE TABLE filler (x BLOB)');
  const jobs = walCheckpointJobs(join(dir, DATABASE_FILE));
  asked = [];
  pool = {
    run: async <T>(kind: string) => {
      expect(kind).toBe(WAL_CHECKPOINT_JOB);
      const r = jobs[WAL_CHECKPOINT_JOB]();
      asked.push(r);
      return r as T;
    },
  };
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const autocheckpoint = () =>
  Number(
    (db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint,
  );

/** 1,500 small commits of a page each: past the 1,000 pages at which main would checkpoint. */
function writeMany(): void {
  const insert = db.prepare('INSERT INTO filler (x) VALUES (randomblob(3000))');
  for (let i = 0; i < 1_500; i++) insert.run();
}

describe('WalCheckpoints', () => {
  it('while held, main leaves the log to the job, which copies all of it; released, main checkpoints again', async () => {
    const wal = new WalCheckpoints({ db, pool, everyMs: 3_600_000 });
    expect(autocheckpoint()).toBe(1000);
    const release = wal.hold();
    expect(autocheckpoint()).toBe(0);
    writeMany();
    release();
    // Main's own come back once the worker has copied what the hold left, not before.
    expect(autocheckpoint()).toBe(0);
    await until(() => asked.length === 1, 'the checkpoint asked at release');
    // Main never reset the log: every commit's frames were still there for the job to copy.
    expect(asked[0].log).toBeGreaterThan(1_500);
    expect(asked[0].checkpointed).toBe(asked[0].log);
    await until(() => autocheckpoint() === 1000, "main's own checkpoints back");
  });

  it('asks for a checkpoint every `everyMs` while held, and only the last release hands back', async () => {
    const wal = new WalCheckpoints({ db, pool, everyMs: 5 });
    const first = wal.hold();
    const second = wal.hold();
    writeMany();
    await until(() => asked.length >= 2, 'two checkpoints while held');
    first();
    first(); // a second call of the same release does not count twice
    expect(autocheckpoint()).toBe(0);
    second();
    await until(() => autocheckpoint() === 1000, "main's own checkpoints back after the last release");
  });

  it('a hold taken again before the last copy is done keeps main off, and hands back 1,000 after', async () => {
    let finish = () => {};
    const slow = {
      run: <T>() =>
        new Promise<T>((resolve) => {
          finish = () => resolve({ log: 0, checkpointed: 0 } as T);
        }),
    };
    const wal = new WalCheckpoints({ db, pool: slow, everyMs: 3_600_000 });
    wal.hold()();
    const again = wal.hold();
    finish();
    await new Promise((r) => setTimeout(r, 10));
    finish();
    await new Promise((r) => setTimeout(r, 10));
    expect(autocheckpoint()).toBe(0);
    again();
    for (let i = 0; i < 3; i++) {
      finish();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(autocheckpoint()).toBe(1000);
  });
});
