import { parentPort, workerData } from 'node:worker_threads';
import { type SandboxOptions, startSandbox } from './server';
import type { SandboxThreadMessage } from './sandbox-thread';

/**
 * The in-app Sandbox in a thread of its own (sandbox-thread.ts): its HTTP server, its replies'
 * pacing and its judge's tokenizer run on this thread's event loop, never on main's. Built as
 * `out/main/sandbox-worker.js` beside main's entry (electron.vite.config.ts).
 */
const port = parentPort!;
const send = (message: SandboxThreadMessage) => port.postMessage(message);

try {
  const server = await startSandbox(workerData as SandboxOptions);
  port.on('message', (message: { type: 'close' }) => {
    if (message.type !== 'close') return;
    void server.close().then(() => {
      send({ type: 'closed' });
      port.close();
    });
  });
  send({ type: 'listening', origin: server.origin });
} catch (err) {
  send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  port.close();
}
