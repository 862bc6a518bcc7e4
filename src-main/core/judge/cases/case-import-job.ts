import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import type {
  CaseFileFormat,
  CaseImportResult,
  CaseMapping,
} from '../../../../src-shared/judge/judge-case-import';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { judgeCaseRepository } from '../../db/judge-case-repository';
import { StorageNotices } from '../../storage/storage-notices';
import type { JobContext } from '../../workers/worker-host';
import { fileSource } from './case-file-scan';
import { importCaseFile } from './case-import';

/** What main sends a worker to import an uploaded case file (judge-case-service.ts). */
export interface CaseImportJobInput {
  setId: string;
  /** The upload's file in the data folder. */
  path: string;
  /** Its size, for the reading's progress. */
  size: number;
  format?: CaseFileFormat;
  mapping: CaseMapping;
  /** The set's latest revision's questions, which main read when the import was asked. */
  questions: Question[];
  updatedAt: number;
}

/** The kind main runs it as. */
export const CASE_IMPORT_JOB = 'cases.import';

/**
 * A case file's import as a worker job (docs/architecture.md, "Judge test cases" and "Worker
 * threads"), so neither the reading nor the one transaction that writes 100,000 cases holds
 * main's event loop. The job opens a write connection of its own for the import and closes it
 * after. Ending the worker (the caller went away) closes that connection: SQLite rolls back an
 * open transaction and forgets the staged cases, so nothing of a cancelled import is written.
 */
export function caseImportJobs(databaseFile: string) {
  return {
    [CASE_IMPORT_JOB]: async (input: CaseImportJobInput, job: JobContext): Promise<CaseImportResult> => {
      const db = openImportConnection(databaseFile);
      try {
        const cases = judgeCaseRepository({ db, notices: new StorageNotices() });
        const result = await importCaseFile(
          cases.staging(),
          fileSource(input.path),
          {
            ...input,
            onProgress: (p) =>
              job.progress({ phase: 'reading', done: p.bytes, total: input.size, items: p.rows }),
          },
          randomUUID,
          (p) => job.progress({ phase: 'writing', ...p }),
        );
        settleWal(db);
        return result;
      } finally {
        db.close();
      }
    },
  };
}

/**
 * A write connection in the app's own process, beside main's (which holds the folder's lock):
 * WAL lets main read while it writes, and main's writes wait (its busy timeout) only while the
 * import's one transaction commits.
 */
function openImportConnection(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA busy_timeout = 10000');
  db.exec('PRAGMA foreign_keys = ON');
  // The log is copied into the database after the commit, by settleWal, not by the commit.
  db.exec('PRAGMA wal_autocheckpoint = 0');
  return db;
}

/**
 * Copies the import's pages from the write-ahead log into the database here, in the worker. Left
 * to the next commit, the copy (tens of megabytes) would fall to main's next small write. A
 * passive checkpoint waits for no one; a reader still on an older snapshot holds some pages back,
 * so it is tried again for a moment.
 */
function settleWal(db: DatabaseSync): void {
  const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; attempt < 20; attempt++) {
    const { log, checkpointed } = checkpoint.get() as { log: number; checkpointed: number };
    if (checkpointed >= log) return;
    Atomics.wait(pause, 0, 0, 50);
  }
}
