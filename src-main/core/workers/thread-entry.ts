import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerEntry } from './worker-pool';

/**
 * Where a worker thread's code is (docs/architecture.md, "Worker threads"), seen from `here`, a
 * module of main. Run from the TypeScript sources (browser mode, tests, the command line under
 * tsx), the thread loads `source` (relative to `here`) with tsx's loader, as its parent does;
 * built (electron-vite), `built` is beside main's entry `out/main/index.js`, where `here` is, or
 * one folder up from a shared chunk.
 */
export function threadEntry(code: { source: string; built: string }, here: string): WorkerEntry {
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { file: new URL(code.source, here), execArgv: ['--import', tsx] };
  }
  for (const candidate of [`./${code.built}`, `../${code.built}`]) {
    const file = new URL(candidate, here);
    if (existsSync(fileURLToPath(file))) return { file };
  }
  throw new Error(`The worker's code (${code.built}) is missing beside ${fileURLToPath(here)}.`);
}
