import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { splitInAppSandboxArgs } from '../sandbox/cli-args';
import { StartupError, startupFailureLine } from '../app/startup-failure';
import { startWebServer } from './web-server';
import { serveLoopProbe } from './bench-loop-probe';
import { browserWorkerEntry } from './built-worker-entry';

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, '../..');

const { sandbox: sandboxParse, rest } = splitInAppSandboxArgs(process.argv.slice(2));
const { values } = parseArgs({
  args: rest,
  options: {
    port: { type: 'string', default: '5780' },
    'data-dir': { type: 'string' },
    'export-dir': { type: 'string' },
  },
});
if (sandboxParse.kind !== 'run') {
  console.error(
    sandboxParse.kind === 'error' ? `Sandbox flag: ${sandboxParse.message}` : 'See npm run sandbox -- --help',
  );
  process.exit(2);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535 (got "${values.port}")`);
  process.exit(2);
}
// The built window; the tests point it elsewhere so they need no build.
const rendererDir = process.env.GATEHOUSE_RENDERER_DIR ?? join(projectRoot, 'out', 'renderer');
try {
  readFileSync(join(rendererDir, 'index.html'));
} catch {
  console.error('The renderer is not built: run `npm run web` (it builds first) or `npm run build`.');
  process.exit(2);
}
const dataDir = resolve(values['data-dir'] ?? join(homedir(), '.gatehouse-browser-mode'));
const version = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string })
  .version;

let server: Awaited<ReturnType<typeof startWebServer>>;
try {
  server = await startWebServer({
    port,
    dataDir,
    rendererDir,
    version,
    exportDir: values['export-dir'] ? resolve(values['export-dir']) : undefined,
    sandbox: sandboxParse.options,
    workerEntry: browserWorkerEntry(projectRoot, rendererDir),
    sandboxEntry: browserWorkerEntry(projectRoot, rendererDir, undefined, 'sandbox-worker.js'),
  });
} catch (err) {
  // One line and exit 1, never a stack trace: the data folder (or the port) is the user's to fix.
  if (err instanceof StartupError) console.error(startupFailureLine(err.failure));
  else if ((err as { code?: unknown }).code === 'EADDRINUSE')
    console.error(`Port ${port} is in use: choose another with --port (0 picks a free one).`);
  else
    console.error(
      `Gatehouse browser mode could not start: ${err instanceof Error ? err.message : String(err)}`,
    );
  process.exit(1);
}
console.log('Gatehouse browser mode (development only; the key is kept in this process memory only)');
console.log(`Data folder: ${dataDir}`);
console.log(`Open: ${server.url}`);
// The bench's probe of this process's event loop: only when the bench spawned it with an IPC
// channel and asked (docs/architecture.md, "Benchmarks"); `npm run web` has neither.
if (serveLoopProbe(process, process.env)) console.log('Event-loop probe: on (bench)');

const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
