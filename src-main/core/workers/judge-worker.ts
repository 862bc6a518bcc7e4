import { workerData } from 'node:worker_threads';
import { openReadOnlyDatabase } from '../db/open-database';
import { judgeRunJobs } from '../judge/batch/run-jobs';
import { caseImportJobs } from '../judge/cases/case-import-job';
import type { WorkerStartData } from './worker-messages';
import { serveJobs } from './worker-host';
import { tokenCountJobs } from './token-count-job';
import { caseEstimateJobs } from './case-estimate-job';
import { evalRowsImportJobs } from '../evals/eval-rows-import-job';
import { evalEstimateJobs } from '../evals/eval-estimate-job';
import { evalStatsJobs } from '../evals/eval-stats-job';
import { evalCellsJobs } from '../evals/eval-cells-page';
import { walCheckpointJobs } from './wal-checkpoint';

/**
 * A worker thread of the app's pool (docs/architecture.md, "Worker threads"): its own read-only
 * connection to the data folder's database, and the judge's heavy reads as jobs; and a case
 * file's import, on a write connection of its own for the job's length; and the judge's token
 * counting and a run's estimate, so main never loads the tokenizer; and an eval's dataset import
 * (eval-rows-import-job.ts), as a case file's; an eval run's estimate (eval-estimate-job.ts), its
 * statistics (eval-stats-job.ts) and its matrix's pages (eval-cells-page.ts); and the
 * write-ahead log's checkpoints while main writes many small transactions (wal-checkpoint.ts). Built as
 * `out/main/judge-worker.js` beside main's entry (electron.vite.config.ts).
 */
const { databaseFile } = workerData as WorkerStartData;
const db = openReadOnlyDatabase(databaseFile);
serveJobs({
  ...judgeRunJobs(db),
  ...caseEstimateJobs(db),
  ...caseImportJobs(databaseFile),
  ...evalRowsImportJobs(databaseFile),
  ...evalEstimateJobs(db),
  ...evalStatsJobs(db),
  ...evalCellsJobs(db),
  ...walCheckpointJobs(databaseFile),
  ...tokenCountJobs(),
});
