import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageNotices } from '../storage/storage-notices';
import { MIGRATIONS, schemaVersion } from './migrations';
import { DatabaseSync } from 'node:sqlite';
import { DATABASE_FILE, DataFolderLockedError, openDatabase, openReadOnlyDatabase } from './open-database';

const folder = () => mkdtempSync(join(tmpdir(), 'gatehouse-db-'));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

/** Another process that opens the folder and keeps it until killed. */
async function holdInAnotherProcess(dataDir: string): Promise<void> {
  const module = resolve('src-main/core/db/open-database.ts');
  const code = `import { openDatabase } from ${JSON.stringify(module)};
    // Kept in a global: a connection nobody references may be collected, and closing it frees the lock.
    globalThis.held = openDatabase(${JSON.stringify(dataDir)}, { add() {} });
    console.log('holding');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((done, fail) => {
    let out = '';
    const onData = (c: Buffer) => {
      out += c.toString();
      if (out.includes('holding')) done();
    };
    // Only stdout: an error's stack on stderr could quote the source that prints the word.
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => fail(new Error(`holder exited with ${code}: ${out}`)));
  });
}

describe('openDatabase', () => {
  it('creates one private file per data folder, in WAL mode with foreign keys, fully migrated', () => {
    const dir = folder();
    const db = openDatabase(dir, new StorageNotices());
    expect(statSync(join(dir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    // NORMAL (1): synced at checkpoints, not at every commit (docs/architecture.md, "Crash durability").
    expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 1 });
    expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    db.close();
  });

  it('locks the folder: a second connection is refused with a message naming the folder', () => {
    const dir = folder();
    const first = openDatabase(dir, new StorageNotices());
    expect(() => openDatabase(dir, new StorageNotices())).toThrow(DataFolderLockedError);
    expect(() => openDatabase(dir, new StorageNotices())).toThrow(
      `The data folder ${dir} is in use by another Gatehouse`,
    );
    first.close();
    openDatabase(dir, new StorageNotices()).close(); // released on close
  });

  it('lets a read-only connection (a worker thread) read the committed state while it holds the folder', () => {
    const dir = folder();
    const db = openDatabase(dir, new StorageNotices());
    db.exec("INSERT INTO meta (key, value) VALUES ('probe', 'one')");
    const reader = openReadOnlyDatabase(join(dir, DATABASE_FILE));
    const read = () => reader.prepare("SELECT value FROM meta WHERE key = 'probe'").get();
    expect(read()).toEqual({ value: 'one' });
    db.exec("UPDATE meta SET value = 'two' WHERE key = 'probe'");
    expect(read()).toEqual({ value: 'two' });
    expect(() => reader.exec("DELETE FROM meta WHERE key = 'probe'")).toThrow(/readonly|read-only/i);
    // The reader needs no lock: a second app is still refused.
    expect(() => openDatabase(dir, new StorageNotices())).toThrow(DataFolderLockedError);
    reader.close();
    db.close();
  });

  it('is refused while an earlier Gatehouse (which locked the database file itself) holds the folder', () => {
    const dir = folder();
    openDatabase(dir, new StorageNotices()).close();
    const earlier = new DatabaseSync(join(dir, DATABASE_FILE));
    earlier.exec('PRAGMA locking_mode = EXCLUSIVE');
    earlier.exec('PRAGMA journal_mode = WAL');
    earlier.exec('BEGIN IMMEDIATE; COMMIT');
    expect(() => openDatabase(dir, new StorageNotices())).toThrow(DataFolderLockedError);
    earlier.close();
    openDatabase(dir, new StorageNotices()).close();
  });

  it('refuses a folder that another process holds, at once', async () => {
    const dir = folder();
    await holdInAnotherProcess(dir);
    const started = Date.now();
    expect(() => openDatabase(dir, new StorageNotices())).toThrow(DataFolderLockedError);
    expect(Date.now() - started).toBeLessThan(3000);
    // Still locked: the refused attempt moved nothing aside.
    expect(readdirSync(dir).filter((f) => f.includes('corrupt'))).toEqual([]);
  });

  it('moves a file that is not a database aside, reports it and starts a fresh one', () => {
    const dir = folder();
    writeFileSync(join(dir, DATABASE_FILE), 'these are not the bytes of a database, '.repeat(200));
    const notices = new StorageNotices();
    const db = openDatabase(dir, notices, () => 1234);
    const moved = join(dir, `${DATABASE_FILE}.corrupt-1234`);
    expect(readFileSync(moved, 'utf8')).toMatch(/^these are not the bytes/);
    expect(notices.list()).toEqual([
      expect.objectContaining({
        kind: 'set-aside',
        file: join(dir, DATABASE_FILE),
        movedTo: moved,
        at: 1234,
      }),
    ]);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(existsSync(join(dir, DATABASE_FILE))).toBe(true);
    db.close();
  });
});
