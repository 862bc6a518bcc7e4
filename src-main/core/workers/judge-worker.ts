import { workerData } from 'node:worker_threads';
import { openReadOnlyDatabase } from '../db/open-database';
import { judgeRunJobs } from '../judge/batch/run-jobs';
import type { WorkerStartData } from './worker-messages';
import { serveJobs } from './worker-host';

/**
 * A worker thread of the app's pool (docs/architecture.md, "Worker threads"): its own read-only
 * connection to the data folder's database, and the judge's heavy reads as jobs. Built as
 * `out/main/judge-worker.js` beside main's entry (electron.vite.config.ts).
 */
const { databaseFile } = workerData as WorkerStartData;
serveJobs(judgeRunJobs(openReadOnlyDatabase(databaseFile)));
