import { spawn } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr interleaved as they arrived. */
  output: string;
  seconds: number;
}

/**
 * Runs one shell line the way a user pastes it, asynchronously (the loopback mirror answers from
 * this same process), and keeps its output in `logFile` as well. The whole process group is
 * killed when it outlives `timeoutMs`.
 */
export function runShell(
  line: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; timeoutMs: number },
): Promise<CommandResult> {
  const started = Date.now();
  writeFileSync(options.logFile, `$ ${line}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', line], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      appendFileSync(options.logFile, chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      output += `\n[killed after ${options.timeoutMs} ms]\n`;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/**
 * The environment of a user's shell, rebuilt from this process's: no variables npm sets for the
 * script running this test (npm_config_local_prefix would point npm at this checkout), no Electron
 * download settings, nothing the test runner sets, and none of npm's `node_modules/.bin` folders
 * for this checkout on PATH.
 */
export function userShellEnv(repoRoot: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const dropped = /^(npm_|electron_|init_cwd$|node_env$|vitest|test$)/i;
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'npm_config_cache' || !dropped.test(key)) env[key] = value;
  }
  const ownBins = new Set<string>();
  for (let dir = repoRoot; ; dir = dirname(dir)) {
    ownBins.add(join(dir, 'node_modules', '.bin'));
    if (dirname(dir) === dir) break;
  }
  env.PATH = (env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry !== '' && !ownBins.has(entry) && !entry.endsWith('node-gyp-bin'))
    .join(delimiter);
  return { ...env, ...extra };
}
