import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ChildProcessHandle {
  /** The first line that matched `ready`, with its groups. */
  ready: RegExpExecArray;
  close(): Promise<void>;
}

/**
 * A TypeScript entry point of this project in a Node process of its own (the Sandbox, browser
 * mode), so its work does not share the bench's event loop. Resolves once it prints a line
 * matching `ready`; it is stopped with the bench, however the bench ends.
 */
export async function startChild(
  projectRoot: string,
  entry: string,
  args: string[],
  ready: RegExp,
): Promise<ChildProcessHandle> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const orphanGuard = () => child.kill('SIGTERM');
  process.once('exit', orphanGuard);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      orphanGuard();
      process.exit(130);
    });
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const m = ready.exec(line);
      if (m) resolve(m);
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code}) before it was ready`)));
  });
  return {
    ready: match,
    close: async () => {
      process.off('exit', orphanGuard);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
