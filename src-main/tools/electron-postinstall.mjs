#!/usr/bin/env node
// `npm install`'s postinstall: Electron's npm package no longer downloads its program at install
// time, so run its own installer here, or `npm start` fails on every fresh machine. A failed
// download does not fail the install: browser mode (`npm run web`) still works without the program.
import { skipDownloadReason } from './electron-binary.mjs';
import { electronPackageDir } from './electron-dir.mjs';
import { installElectronProgram } from './electron-install.mjs';

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
  const result = installElectronProgram(electronDir, process.env);
  if (result.installed) console.log(`Electron's program is installed: ${result.executable}`);
  else console.warn(result.failure);
}
