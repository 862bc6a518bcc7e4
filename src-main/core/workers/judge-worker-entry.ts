import { threadEntry } from './thread-entry';
import type { WorkerEntry } from './worker-pool';

/** Where the judge worker's code is: `judge-worker.ts`, or the built `judge-worker.js` (thread-entry.ts). */
export function judgeWorkerEntry(here: string = import.meta.url): WorkerEntry {
  return threadEntry({ source: './judge-worker.ts', built: 'judge-worker.js' }, here);
}
