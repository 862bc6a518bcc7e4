#!/usr/bin/env node
// `npm install`'s postinstall: Electron's npm package no longer downloads its program at install
// time, so run its own installer here, or `npm start` fails on every fresh machine. A failed
// download does not fail the install: browser mode (`npm run web`) still works without the program.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  downloadFailedSentence,
  downloadSource,
  electronBinaryState,
  skipDownloadReason,
} from './electron-binary.mjs';
import { electronPackageDir } from './electron-dir.mjs';

const skip = skipDownloadReason(process.env);
const electronDir = electronPackageDir();
if (skip) {
  console.log(
    `Not downloading Electron's program (${skip}): \`npm start\` needs it, \`npm run web\` does not.`,
  );
} else if (!electronDir) {
  console.log(
    "Not downloading Electron's program: the electron package is not installed (dev dependencies omitted?).",
  );
} else {
  const run = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  const state = electronBinaryState(electronDir, process.env);
  if (run.status === 0 && state.installed) {
    console.log(`Electron's program is installed: ${state.executable}`);
  } else {
    const firstLine = (run.stderr ?? '').split('\n').find((line) => line.trim() !== '');
    const reason = run.error
      ? run.error.message
      : run.status !== 0
        ? `${firstLine?.trim() ?? `the installer exited with ${run.status ?? run.signal}`}, from ${downloadSource(process.env)}`
        : `${state.installed ? '' : state.missing} is still missing after the installer ran`;
    console.warn(downloadFailedSentence(reason));
  }
}
