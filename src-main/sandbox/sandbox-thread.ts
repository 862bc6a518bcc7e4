import { Worker } from 'node:worker_threads';
import type { SandboxOptions } from './server';

/** What the Sandbox's thread says to main (sandbox-worker.ts). */
export type SandboxThreadMessage =
  { type: 'listening'; origin: string } | { type: 'failed'; message: string } | { type: 'closed' };

/** The thread's code: the built `sandbox-worker.js`, or its TypeScript source with tsx's loader. */
export interface SandboxThreadEntry {
  file: URL;
  execArgv?: string[];
}

/** Options a thread can be given: plain data (routes of a feature's own stay in-process). */
export type SandboxThreadOptions = Omit<SandboxOptions, 'extraRoutes'>;

export interface SandboxThread {
  origin: string;
  baseUrl: string;
  /** Settles when the thread has ended, asked to or not (a crash: the next use starts another). */
  ended: Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the in-app Sandbox in a worker thread (docs/architecture.md, "The Sandbox"): it stands
 * in for a gateway that runs elsewhere, so its work (parsing requests, pacing replies, judging)
 * is kept off main's event loop, which serves every call of every window. Rejects with the
 * Sandbox's own message when it cannot start (a bad option, a port in use).
 */
export function startSandboxThread(
  entry: SandboxThreadEntry,
  opts: SandboxThreadOptions = {},
): Promise<SandboxThread> {
  const worker = new Worker(entry.file, { workerData: opts, execArgv: entry.execArgv });
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return new Promise<SandboxThread>((resolve, reject) => {
    const failed = (err: Error) => reject(err);
    worker.once('error', failed);
    void ended.then(() => reject(new Error('The Sandbox stopped before it was listening.')));
    worker.once('message', (message: SandboxThreadMessage) => {
      if (message.type !== 'listening') {
        reject(new Error(message.type === 'failed' ? message.message : 'The Sandbox did not start.'));
        return;
      }
      worker.off('error', failed);
      // A thread that fails later ends; `ended` tells the host to start another on next use.
      worker.on('error', (err) => console.error(`The Sandbox's thread failed: ${err.message}`));
      let closing: Promise<void> | undefined;
      resolve({
        origin: message.origin,
        baseUrl: `${message.origin}/v1`,
        ended,
        close() {
          closing ??= new Promise<void>((done) => {
            worker.once('message', (m: SandboxThreadMessage) => {
              if (m.type === 'closed') void worker.terminate().then(() => done());
            });
            void ended.then(() => done());
            worker.postMessage({ type: 'close' });
          });
          return closing;
        },
      });
    });
  });
}
