import { preloadTokenizer } from '../core/judge/judge-service';
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { splitInAppSandboxArgs } from '../sandbox/cli-args';
import { DatabaseTooNewError } from '../core/db/migrations';
import { DataFolderLockedError } from '../core/db/open-database';
import { startWebServer } from './web-server';

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
const rendererDir = join(projectRoot, 'out', 'renderer');
try {
  readFileSync(join(rendererDir, 'index.html'));
} catch {
  console.error('The renderer is not built: run `npm run web` (it builds first) or `npm run build`.');
  process.exit(2);
}
const dataDir = resolve(values['data-dir'] ?? join(homedir(), '.gatehouse-browser-mode'));
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
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
  });
} catch (err) {
  if (!(err instanceof DataFolderLockedError || err instanceof DatabaseTooNewError)) throw err;
  console.error(err.message);
  process.exit(3);
}
console.log('Gatehouse browser mode (development only; the key is kept in this process memory only)');
console.log(`Data folder: ${dataDir}`);
console.log(`Open: ${server.url}`);
preloadTokenizer();

const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
