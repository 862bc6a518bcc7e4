import { type MessagePort, type Transferable, parentPort } from 'node:worker_threads';
import { AppFailure } from '../../../src-shared/result';
import { QuarantineNeeded } from '../db/quarantine';
import { type JobProgress, type JobReply, type JobRequest, PING } from './worker-messages';

/** What a job gets besides its input: a way to say how far along it is. */
export interface JobContext {
  progress(p: JobProgress): void;
}

/** A job's value, with the buffers to move to main rather than copy (an export's bytes). */
export class Transfer<T> {
  constructor(
    readonly value: T,
    readonly list: Transferable[],
  ) {}
}

export type JobHandler = (input: never, ctx: JobContext) => unknown;
export type JobTable = Record<string, JobHandler>;

/**
 * The worker's side of the pool (docs/architecture.md, "Worker threads"): runs each job it is
 * sent, one at a time, and answers with its value, its progress on the way, or its failure as
 * the app's typed error (an AppFailure keeps its code and details; anything else is `internal`).
 */
export function serveJobs(jobs: JobTable, port: MessagePort | null = parentPort): void {
  if (!port) throw new Error('serveJobs runs in a worker thread');
  const reply = (r: JobReply, transfer: Transferable[] = []) => port.postMessage(r, transfer);
  port.on('message', async ({ id, kind, input }: JobRequest) => {
    try {
      const handler = kind === PING ? () => true : jobs[kind];
      if (!handler) throw new Error(`no job named ${kind}`);
      const value = await handler(input as never, {
        progress: (progress) => reply({ id, type: 'progress', progress }),
      });
      if (value instanceof Transfer) reply({ id, type: 'done', value: value.value }, value.list);
      else reply({ id, type: 'done', value });
    } catch (err) {
      if (err instanceof QuarantineNeeded) reply({ id, type: 'needs-quarantine', message: err.message });
      else if (err instanceof AppFailure) reply({ id, type: 'failed', error: err.error });
      else
        reply({
          id,
          type: 'failed',
          error: { code: 'internal', message: err instanceof Error ? err.message : String(err) },
        });
    }
  });
}
