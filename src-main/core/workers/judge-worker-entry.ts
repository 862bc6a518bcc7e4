import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerEntry } from './worker-pool';

/**
 * Where the judge worker's code is (docs/architecture.md, "Worker threads"). Run from the
 * TypeScript sources (browser mode, tests, the command line under tsx), the worker loads
 * `judge-worker.ts` with tsx's loader, as its parent does; built (electron-vite), main's entry
 * `out/main/index.js` has `judge-worker.js` beside it.
 */
export function judgeWorkerEntry(here: string = import.meta.url): WorkerEntry {
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { file: new URL('./judge-worker.ts', here), execArgv: ['--import', tsx] };
  }
  // Built: this code is in main's entry, or in a shared chunk one folder down.
  for (const candidate of ['./judge-worker.js', '../judge-worker.js']) {
    const file = new URL(candidate, here);
    if (existsSync(fileURLToPath(file))) return { file };
  }
  throw new Error(`The worker's code (judge-worker.js) is missing beside ${fileURLToPath(here)}.`);
}
