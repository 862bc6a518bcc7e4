import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { StorageNotices } from '../storage/storage-notices';
import { openDatabase } from './open-database';

/** The busy timeout each connection had when it tried to take the folder's lock. */
const atLockAttempt = vi.hoisted(() => [] as number[]);

/**
 * node:sqlite as Node 22.13 has it: the constructor ignores a `timeout` option. Every other
 * call goes to the real module.
 */
vi.mock('node:sqlite', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:sqlite')>();
  class OlderDatabaseSync extends real.DatabaseSync {
    constructor(path: string, options: import('node:sqlite').DatabaseSyncOptions = {}) {
      const { timeout: _ignored, ...known } = options;
      super(path, known);
    }
    override exec(sql: string): void {
      if (sql.startsWith('BEGIN IMMEDIATE')) {
        const row = this.prepare('PRAGMA busy_timeout').get() as { timeout: number };
        atLockAttempt.push(row.timeout);
      }
      super.exec(sql);
    }
  }
  return { ...real, DatabaseSync: OlderDatabaseSync };
});

describe('openDatabase on a Node without the constructor timeout', () => {
  it('still waits a moment, and only a moment, for the lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-db-'));
    openDatabase(dir, new StorageNotices()).close();
    // A writer that is about to finish is waited for; one that holds the folder is not.
    expect(atLockAttempt[0]).toBeGreaterThan(0);
    expect(atLockAttempt[0]).toBeLessThanOrEqual(1000);
  });
});
