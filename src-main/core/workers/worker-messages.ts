import type { AppError } from '../../../src-shared/result';

/** What a job reports while it runs: a phase in words and how far along it is. */
export interface JobProgress {
  phase: string;
  done: number;
  total: number;
  /** What else it counts as it goes, where it counts something (a case file's rows read). */
  items?: number;
}

/** A job every worker answers at once: the pool's way to know a worker has loaded its code. */
export const PING = 'ping';

/** Counts a list of texts' tokens (`token-count-job.ts`); the worker loads gpt-tokenizer once. */
export const COUNT_TOKENS_JOB = 'tokens.count';

/** A run's estimate over a set's saved cases, read and counted in the worker (`case-estimate-job.ts`). */
export const ESTIMATE_SET_CASES_JOB = 'cases.estimate';

/** Main to a worker: one job at a time (the pool never sends a second before the first ends). */
export interface JobRequest {
  id: number;
  kind: string;
  input: unknown;
}

/** A worker to main, about the job it runs. */
export type JobReply =
  | { id: number; type: 'progress'; progress: JobProgress }
  | { id: number; type: 'done'; value: unknown }
  | { id: number; type: 'failed'; error: AppError }
  /** A row failed its schema: main must set it aside, which a read-only connection cannot. */
  | { id: number; type: 'needs-quarantine'; message: string };

/** What a worker is started with: the data folder's database, read-only in the worker. */
export interface WorkerStartData {
  databaseFile: string;
}
