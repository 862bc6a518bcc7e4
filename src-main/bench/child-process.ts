import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const READY_MS = 60_000;

export interface ChildProcessHandle {
  /** The first line that matched `ready`, with its groups. */
  ready: RegExpExecArray;
  /** The process itself (its IPC channel, when asked for). */
  process: ChildProcess;
  close(): Promise<void>;
}

/**
 * A TypeScript entry point of this project in a Node process of its own (the Sandbox, browser
 * mode), so its work does not share the bench's event loop. Resolves once it prints a line
 * matching `ready`; it is stopped with the bench, however the bench ends. `ipc` opens a Node IPC
 * channel to it (the event-loop probe's), `env` adds to its environment.
 */
export async function startChild(
  projectRoot: string,
  entry: string,
  args: string[],
  ready: RegExp,
  opts: { ipc?: boolean; env?: Record<string, string> } = {},
): Promise<ChildProcessHandle> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: projectRoot,
    stdio: opts.ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...opts.env },
  });
  const orphanGuard = () => child.kill('SIGTERM');
  const onSignal = () => {
    orphanGuard();
    process.exit(130);
  };
  const release = () => {
    process.off('exit', orphanGuard);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.once('exit', orphanGuard);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let match: RegExpExecArray;
  try {
    match = await new Promise<RegExpExecArray>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        const m = ready.exec(line);
        if (m) resolve(m);
      });
      child.once('exit', (code) => reject(new Error(`${entry} exited (${code}) before it was ready`)));
      // A child that hangs before saying it is ready must not hang the bench with it.
      setTimeout(
        () => reject(new Error(`${entry} did not say it was ready within ${READY_MS / 1000} s`)),
        READY_MS,
      ).unref();
    });
  } catch (err) {
    orphanGuard();
    release();
    throw err;
  }
  return {
    ready: match,
    process: child,
    close: async () => {
      release();
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
