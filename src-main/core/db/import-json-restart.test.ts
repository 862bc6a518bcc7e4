import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageNotices } from '../storage/storage-notices';
import { LEGACY_FOLDERS } from './import-json';
import { legacyFolder } from './legacy-folder.test-helper';
import { openDataFolder } from './open-data-folder';

/** Folders whose move fails as it does on Windows while another program holds a file in them. */
const renameRefused = vi.hoisted(() => new Set<string>());
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const renameSync: typeof fs.renameSync = (from, to) => {
    if (renameRefused.has(basename(String(from)))) {
      throw Object.assign(new Error(`EPERM: operation not permitted, rename '${String(from)}'`), {
        code: 'EPERM',
      });
    }
    fs.renameSync(from, to);
  };
  return { ...fs, renameSync, default: { ...fs, renameSync } };
});
afterEach(() => renameRefused.clear());

const counts = (db: DatabaseSync) =>
  db
    .prepare(
      `SELECT (SELECT count(*) FROM conversations) AS conversations, (SELECT count(*) FROM question_sets) AS sets,
         (SELECT count(*) FROM judge_runs) AS runs, (SELECT count(*) FROM video_tasks) AS videoTasks,
         (SELECT count(*) FROM media_entries) AS media`,
    )
    .get();
const everything = { conversations: 1, sets: 1, runs: 1, videoTasks: 1, media: 2 };
const marker = (db: DatabaseSync) =>
  JSON.parse(
    (db.prepare("SELECT value FROM meta WHERE key = 'legacy_import'").get() as { value: string }).value,
  );
const backups = (dataDir: string) => readdirSync(dataDir).filter((f) => f.startsWith('backup-'));

/** Starts once with a clock of `at`, gives back the notices, and closes. */
function start(dataDir: string, at: number, check?: (db: DatabaseSync) => void) {
  const notices = new StorageNotices();
  const db = openDataFolder(dataDir, notices, () => at);
  try {
    check?.(db);
  } finally {
    db.close();
  }
  return notices.list();
}

describe('starting again after the import was cut short', () => {
  it('after a crash between the commit and the move: no duplicate, no new count, one backup', () => {
    const dataDir = legacyFolder();
    const originals = mkdtempSync(join(tmpdir(), 'gatehouse-originals-'));
    for (const f of LEGACY_FOLDERS) cpSync(join(dataDir, f), join(originals, f), { recursive: true });
    start(dataDir, 1);
    // The disk as the crash left it: records committed, folders still in place, no backup yet.
    rmSync(join(dataDir, 'backup-1'), { recursive: true });
    for (const f of LEGACY_FOLDERS) cpSync(join(originals, f), join(dataDir, f), { recursive: true });

    const told = start(dataDir, 2, (db) => {
      expect(counts(db)).toEqual(everything);
      expect(marker(db)).toEqual({ at: 1, backupDir: join(dataDir, 'backup-1'), imported: 6, failed: 2 });
    });
    expect(told.filter((n) => n.kind === 'imported')).toEqual([]);
    // The files that fail were never reported (the crash came first); they are now.
    expect(told.map((n) => (n.kind === 'set-aside' ? basename(n.file) : n.kind)).sort()).toEqual([
      'broken.json',
      'orphan-run.json',
    ]);
    expect(backups(dataDir)).toEqual(['backup-1']);
    for (const f of LEGACY_FOLDERS) expect(existsSync(join(dataDir, 'backup-1', f))).toBe(true);
  });

  it('after a crash halfway through the move: the rest joins the same backup', () => {
    const dataDir = legacyFolder();
    start(dataDir, 1);
    for (const f of ['judge-runs', 'video-tasks', 'media-history'])
      renameSync(join(dataDir, 'backup-1', f), join(dataDir, f));

    const told = start(dataDir, 2, (db) => {
      expect(counts(db)).toEqual(everything);
      expect(marker(db)).toMatchObject({ at: 1, imported: 6, failed: 2 });
    });
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'set-aside',
        movedTo: join(dataDir, 'backup-1', 'judge-runs', 'orphan-run.json'),
      }),
    ]);
    expect(backups(dataDir)).toEqual(['backup-1']);
    for (const f of LEGACY_FOLDERS) expect(existsSync(join(dataDir, 'backup-1', f))).toBe(true);
  });

  it('opens although a folder cannot be moved, says so on every start, and moves it once it can', () => {
    const dataDir = legacyFolder();
    renameRefused.add('conversations');
    const first = start(dataDir, 1, (db) => expect(counts(db)).toEqual(everything));
    const notMoved = {
      kind: 'not-moved',
      folder: join(dataDir, 'conversations'),
      backupDir: join(dataDir, 'backup-1'),
      reason: expect.stringMatching(/EPERM/),
      at: 1,
    };
    expect(first).toEqual([
      notMoved,
      // broken.json stayed with its folder: it is reported by the start that moves it.
      expect.objectContaining({ kind: 'set-aside', file: join(dataDir, 'judge-runs', 'orphan-run.json') }),
      { kind: 'imported', records: 6, backupDir: join(dataDir, 'backup-1'), at: 1 },
    ]);
    expect(existsSync(join(dataDir, 'conversations'))).toBe(true);
    expect(existsSync(join(dataDir, 'backup-1', 'judge-sets'))).toBe(true);

    expect(start(dataDir, 2, (db) => expect(counts(db)).toEqual(everything))).toEqual([
      { ...notMoved, at: 2 },
    ]);

    renameRefused.clear();
    const third = start(dataDir, 3, (db) => {
      expect(counts(db)).toEqual(everything);
      expect(marker(db)).toMatchObject({ at: 1, imported: 6, failed: 2 });
    });
    expect(third).toEqual([
      expect.objectContaining({
        kind: 'set-aside',
        file: join(dataDir, 'conversations', 'broken.json'),
        movedTo: join(dataDir, 'backup-1', 'conversations', 'broken.json'),
      }),
    ]);
    expect(existsSync(join(dataDir, 'conversations'))).toBe(false);
    expect(backups(dataDir)).toEqual(['backup-1']);
  });
});
