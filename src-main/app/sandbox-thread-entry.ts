import { threadEntry } from '../core/workers/thread-entry';
import type { SandboxThreadEntry } from '../sandbox/sandbox-thread';

/** Where the Sandbox thread's code is: `sandbox/sandbox-worker.ts`, or the built `sandbox-worker.js`. */
export function sandboxThreadEntry(here: string = import.meta.url): SandboxThreadEntry {
  return threadEntry({ source: '../sandbox/sandbox-worker.ts', built: 'sandbox-worker.js' }, here);
}
