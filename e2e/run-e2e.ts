import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './fixtures/app-process';

/**
 * Builds the app, then runs the Playwright specs: through Electron when its binary is installed
 * (the postinstall downloads it on a normal machine), otherwise in browser mode with Debian's Chromium.
 */
function electronBinaryPresent(): boolean {
  const pathFile = join(projectRoot, 'node_modules/electron/path.txt');
  if (!existsSync(pathFile)) return false;
  const exe = join(projectRoot, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(exe);
}

const mode = process.env.GATEHOUSE_E2E_MODE ?? (electronBinaryPresent() ? 'electron' : 'web');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (mode === 'web' && !existsSync(chromium)) {
  console.error(
    `E2E needs Chromium at ${chromium} (Debian: apt-get install -y chromium), or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.log(
  mode === 'electron'
    ? 'E2E: running through Electron (binary found).'
    : `E2E: running in browser mode with ${chromium} (no Electron binary installed here).`,
);

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(cmd, args, { cwd: projectRoot, stdio: 'inherit', env }).status ?? 1;

if (run('npx', ['electron-vite', 'build']) !== 0) process.exit(1);
const status = run(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    ...process.env,
    GATEHOUSE_E2E_MODE: mode,
  },
);
process.exit(status);
