// Where Electron's program should be and what to say when it is not there. Plain JavaScript so
// `npm install` (postinstall) and `npm start` can run it with bare `node`, before anything is built.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether the Electron program electron-vite would start is present. electron-vite reads
 * `path.txt` (written by Electron's installer) and runs `dist/<path.txt>`, unless
 * ELECTRON_EXEC_PATH names the program directly.
 *
 * @param {string | undefined} electronDir the `node_modules/electron` folder, undefined when the package is absent
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ installed: true, executable: string } | { installed: false, missing: string }}
 */
export function electronBinaryState(electronDir, env) {
  if (env.ELECTRON_EXEC_PATH) {
    return existsSync(env.ELECTRON_EXEC_PATH)
      ? { installed: true, executable: env.ELECTRON_EXEC_PATH }
      : { installed: false, missing: `ELECTRON_EXEC_PATH ${env.ELECTRON_EXEC_PATH}` };
  }
  if (!electronDir || !existsSync(join(electronDir, 'package.json'))) {
    return { installed: false, missing: 'node_modules/electron' };
  }
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return { installed: false, missing: 'node_modules/electron/dist' };
  const relative = readFileSync(pathFile, 'utf8').trim();
  const executable = join(electronDir, 'dist', relative);
  if (!relative || !existsSync(executable)) {
    return { installed: false, missing: `node_modules/electron/dist/${relative || '(empty path.txt)'}` };
  }
  return { installed: true, executable };
}

/**
 * The one sentence `npm start` and `npm run dev` print instead of electron-vite's "Electron uninstall".
 *
 * @param {string} missing what is not there, as returned by electronBinaryState
 * @returns {string}
 */
export function missingBinarySentence(missing) {
  if (missing === 'node_modules/electron') {
    return 'The electron package is not installed (node_modules/electron is missing): run `npm install` first.';
  }
  return (
    `Electron's program is not installed (${missing} is missing): run \`npx install-electron\` to download it ` +
    '(set ELECTRON_MIRROR to a mirror you can reach if the download host is blocked), or `npm run web` to use ' +
    'Gatehouse in a browser on a machine that cannot download it.'
  );
}

/**
 * Why the postinstall should not download the program, or undefined when it should. Follows the
 * variable Electron's own tooling documents: any value but empty or "0" skips.
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | undefined}
 */
export function skipDownloadReason(env) {
  const value = env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  if (value === undefined || value === '' || value === '0') return undefined;
  return `ELECTRON_SKIP_BINARY_DOWNLOAD=${value}`;
}

/**
 * Where Electron's installer downloads from, for the failure message: the downloader's "fetch
 * failed" names no host. Reads the same variables @electron/get reads for the mirror.
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {string}
 */
export function downloadSource(env) {
  return (
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.npm_package_config_electron_mirror ||
    env.ELECTRON_MIRROR ||
    'https://github.com/electron/electron/releases/download/'
  );
}

/**
 * The sentence the postinstall prints when the download failed; the install itself still succeeds.
 *
 * @param {string} reason the downloader's own first line, or its exit status
 * @returns {string}
 */
export function downloadFailedSentence(reason) {
  return (
    `Electron's program could not be downloaded (${reason}), so \`npm start\` will not run yet: set ELECTRON_MIRROR ` +
    'to a mirror you can reach and run `npx install-electron`, or use `npm run web` for browser mode.'
  );
}
