// Runs Electron's own installer (its npm package no longer downloads the program at install time)
// and says how it went. Used by the postinstall and, when the program is still missing, by
// `npm start` / `npm run dev` before they start it: an install made with --ignore-scripts, or one
// whose download failed, still starts on the next `npm start` where the network allows.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { downloadFailedSentence, downloadSource, electronBinaryState } from './electron-binary.mjs';

/**
 * @param {string} electronDir the `node_modules/electron` folder
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ installed: true, executable: string } | { installed: false, failure: string }}
 */
export function installElectronProgram(electronDir, env) {
  const run = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    env,
  });
  const state = electronBinaryState(electronDir, env);
  if (run.status === 0 && state.installed) return { installed: true, executable: state.executable };
  const firstLine = (run.stderr ?? '').split('\n').find((line) => line.trim() !== '');
  const reason = run.error
    ? run.error.message
    : run.status !== 0
      ? `${firstLine?.trim() ?? `the installer exited with ${run.status ?? run.signal}`}, from ${downloadSource(env)}`
      : `${state.installed ? '' : state.missing} is still missing after the installer ran`;
  return { installed: false, failure: downloadFailedSentence(reason) };
}
