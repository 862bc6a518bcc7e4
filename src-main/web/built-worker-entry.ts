import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WorkerEntry } from '../core/workers/worker-pool';

/**
 * Browser mode runs main from the TypeScript sources under tsx, but `npm run web` builds the app
 * first: its workers then load the built `out/main/judge-worker.js` (the Sandbox's thread
 * `sandbox-worker.js`, given as `name`), as the desktop app's do,
 * rather than compiling the worker's sources with tsx in each thread (about half a second of CPU
 * each, which a grid opened right after start would wait for). Without that build beside the
 * window being served (the tests point the window elsewhere and build nothing), the sources.
 */
export function browserWorkerEntry(
  projectRoot: string,
  rendererDir: string,
  exists: (path: string) => boolean = existsSync,
  name = 'judge-worker.js',
): WorkerEntry | undefined {
  const built = join(projectRoot, 'out', 'main', name);
  const servesTheBuild = rendererDir === join(projectRoot, 'out', 'renderer');
  return servesTheBuild && exists(built) ? { file: pathToFileURL(built) } : undefined;
}
