import { closeSync, existsSync, mkdirSync, openSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { StorageNotices } from '../storage/storage-notices';
import { runMigrations } from './migrations';

export const DATABASE_FILE = 'gatehouse.db';
/**
 * Held for the life of the app: the folder's lock. A file of its own, so that the database
 * itself can be read by the app's worker threads on connections of their own.
 */
export const LOCK_FILE = 'gatehouse.lock';

/** Another process (a second Gatehouse, browser mode included) holds this data folder. */
export class DataFolderLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by another Gatehouse. Close the other one (or choose another data folder) and start again.`,
    );
  }
}

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** node:sqlite errors carry SQLite's (possibly extended) result code; the low byte is the primary one. */
function sqliteCode(err: unknown): number | undefined {
  const code = (err as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
}

class NotADatabase extends Error {}

/**
 * Opens the data folder's database, creating it (0600) when absent, and brings its schema up to
 * date. Holds the folder exclusively for the life of the connection: a second connection on
 * `gatehouse.lock` in `locking_mode=EXCLUSIVE`, plus a write, takes SQLite's file lock on it and
 * never gives it back until the database is closed, so a second process fails here at once with
 * DataFolderLockedError instead of two writers (and two video pollers) sharing one folder. The
 * database itself is in WAL mode with normal locking, so read-only connections of the app's own
 * worker threads can read it while main writes (docs/architecture.md, "Data"). A file that is
 * not a database, or fails its quick check, is renamed aside with its -wal and -shm, reported,
 * and replaced by a fresh one: never silently overwritten.
 */
export function openDatabase(
  dataDir: string,
  notices: StorageNotices,
  now: () => number = Date.now,
): DatabaseSync {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, DATABASE_FILE);
  try {
    return openFile(file, dataDir);
  } catch (err) {
    if (!(err instanceof NotADatabase)) throw err;
    const at = now();
    const movedTo = `${file}.corrupt-${at}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, movedTo + suffix);
    }
    notices.add({ kind: 'set-aside', file, movedTo, reason: err.message, at });
    return openFile(file, dataDir);
  }
}

/** A private database for unit tests and tools: same schema, nothing on disk. */
export function openMemoryDatabase(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  runMigrations(db);
  return db;
}

/**
 * The folder's lock: an SQLite file held in exclusive locking mode after one write, so the
 * operating system releases it whenever the process ends, a crash included.
 */
function takeFolderLock(dataDir: string): DatabaseSync {
  const file = join(dataDir, LOCK_FILE);
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  const lock = new DatabaseSync(file);
  try {
    // A short wait only: the holder of the lock keeps it until it quits, so waiting longer is
    // pointless. Set by PRAGMA, not the constructor's `timeout`, which Node 22.13 does not know.
    lock.exec('PRAGMA busy_timeout = 250');
    lock.exec('PRAGMA locking_mode = EXCLUSIVE');
    lock.exec('BEGIN IMMEDIATE; COMMIT');
    return lock;
  } catch (err) {
    lock.close();
    const code = sqliteCode(err);
    if (code === SQLITE_BUSY || code === SQLITE_LOCKED) throw new DataFolderLockedError(dataDir);
    throw err;
  }
}

/** Closing the database also releases the folder's lock, as closing one connection did before. */
function releasingLockOnClose(db: DatabaseSync, lock: DatabaseSync): DatabaseSync {
  const close = db.close.bind(db);
  db.close = () => {
    try {
      close();
    } finally {
      if (lock.isOpen) lock.close();
    }
  };
  return db;
}

function openFile(file: string, dataDir: string): DatabaseSync {
  const lock = takeFolderLock(dataDir);
  try {
    return releasingLockOnClose(openLocked(file, dataDir), lock);
  } catch (err) {
    lock.close();
    throw err;
  }
}

function openLocked(file: string, dataDir: string): DatabaseSync {
  // SQLite creates files with the process umask (often 0644); this one holds the user's prompts.
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA busy_timeout = 250');
    db.exec('PRAGMA journal_mode = WAL');
    // A commit reaches the WAL file before it returns, so a crashed or killed app loses nothing
    // it acknowledged; the WAL is synced at checkpoints, not at every commit, which kept main in
    // fsync about 1 ms per batch result (docs/architecture.md, "Crash durability").
    db.exec('PRAGMA synchronous = NORMAL');
    // One write at once: an earlier Gatehouse (which locks the database file itself) holding
    // the folder refuses it here.
    db.exec('BEGIN IMMEDIATE; COMMIT');
    const check = db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
    if (check.length !== 1 || check[0].quick_check !== 'ok') {
      throw new NotADatabase(`quick_check: ${check.map((r) => r.quick_check).join('; ')}`);
    }
    db.exec('PRAGMA foreign_keys = ON');
    db.exec('PRAGMA busy_timeout = 5000');
    runMigrations(db);
    return db;
  } catch (err) {
    db.close();
    const code = sqliteCode(err);
    if (code === SQLITE_BUSY || code === SQLITE_LOCKED) throw new DataFolderLockedError(dataDir);
    if (code === SQLITE_NOTADB || code === SQLITE_CORRUPT)
      throw new NotADatabase(err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/**
 * A read-only connection to a data folder's database, for a worker thread of the app that holds
 * it (docs/architecture.md, "Worker threads"): WAL lets it read the last committed state while
 * main writes. It never writes, so it needs no lock of the folder.
 */
export function openReadOnlyDatabase(file: string): DatabaseSync {
  const db = new DatabaseSync(file, { readOnly: true });
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA query_only = ON');
  return db;
}
