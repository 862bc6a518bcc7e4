#!/usr/bin/env node
// Run before `electron-vite preview` and `electron-vite dev` (`npm start`, `npm run dev`): they
// need Electron's program and, without it, stop with a bare "Electron uninstall". This says what to do.
import { electronBinaryState, missingBinarySentence } from './electron-binary.mjs';
import { electronPackageDir } from './electron-dir.mjs';

const state = electronBinaryState(electronPackageDir(), process.env);
if (!state.installed) {
  console.error(missingBinarySentence(state.missing));
  process.exit(1);
}
