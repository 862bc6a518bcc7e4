import type { DatabaseSync } from 'node:sqlite';
import type { StorageNotices } from '../storage/storage-notices';
import { sweepTempFiles } from '../storage/atomic-file';
import { importLegacyJson } from './import-json';
import { openDatabase } from './open-database';
import { createRepositories } from './repositories';

/**
 * What the app does at start with its data folder: open (and lock, and migrate) the database,
 * then bring in the files an earlier version wrote, and sweep the temporary files a crash left
 * (only now: with the lock held, no other Gatehouse can be writing them). Throws DataFolderLockedError when another
 * Gatehouse holds the folder, DatabaseTooNewError when a newer one wrote it.
 */
export function openDataFolder(dataDir: string, notices: StorageNotices, now?: () => number): DatabaseSync {
  const db = openDatabase(dataDir, notices, now);
  try {
    const ctx = { db, notices, now };
    importLegacyJson(ctx, createRepositories(ctx), dataDir);
    sweepTempFiles(dataDir);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
