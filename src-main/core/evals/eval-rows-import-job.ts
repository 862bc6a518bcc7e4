import { DatabaseSync } from 'node:sqlite';
import type { CaseFileFormat } from '../../../src-shared/judge/judge-case-import';
import type { EvalRowsImportResult, EvalRowsMapping } from '../../../src-shared/evals/eval-rows-import';
import { StorageNotices } from '../storage/storage-notices';
import type { JobContext } from '../workers/worker-host';
import { fileSource } from '../judge/cases/case-file-scan';
import { importEvalRows } from './eval-rows-import';

/** What main sends a worker to import an uploaded dataset file (eval-rows-import-service.ts). */
export interface EvalRowsImportJobInput {
  evalId: string;
  /** The upload's file in the data folder. */
  path: string;
  /** Its size, for the reading's progress. */
  size: number;
  format?: CaseFileFormat;
  mapping: EvalRowsMapping;
  at: number;
}

export const EVAL_ROWS_IMPORT_JOB = 'evals.rows.import';

/**
 * A dataset file's import as a worker job (docs/architecture.md, "Evals" and "Worker
 * threads"), as a case file's is (case-import-job.ts): its own write connection for the job, so
 * neither the reading nor the one transaction holds main's event loop. Ending the worker closes
 * the connection, which rolls back an open transaction and forgets the staged rows.
 */
export function evalRowsImportJobs(databaseFile: string) {
  return {
    [EVAL_ROWS_IMPORT_JOB]: async (
      input: EvalRowsImportJobInput,
      job: JobContext,
    ): Promise<EvalRowsImportResult> => {
      const db = new DatabaseSync(databaseFile);
      try {
        db.exec('PRAGMA busy_timeout = 10000');
        db.exec('PRAGMA foreign_keys = ON');
        return await importEvalRows({ db, notices: new StorageNotices() }, fileSource(input.path), {
          ...input,
          onProgress: (p) =>
            job.progress({ phase: 'reading', done: p.bytes, total: input.size, items: p.rows }),
        });
      } finally {
        db.close();
      }
    },
  };
}
