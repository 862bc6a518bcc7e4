#!/usr/bin/env node
// Run before `electron-vite preview` and `electron-vite dev` (`npm start`, `npm run dev`): they
// need Electron's program and, without it, stop with a bare "Electron uninstall". A program the
// install did not fetch (scripts ignored, a failed download) is fetched here, unless the user
// chose not to (ELECTRON_SKIP_BINARY_DOWNLOAD); what still lacks it is said in one sentence.
import { electronBinaryState, missingBinarySentence, skipDownloadReason } from './electron-binary.mjs';
import { electronPackageDir } from './electron-dir.mjs';
import { installElectronProgram } from './electron-install.mjs';

const electronDir = electronPackageDir();
let state = electronBinaryState(electronDir, process.env);
if (!state.installed && electronDir && !process.env.ELECTRON_EXEC_PATH && !skipDownloadReason(process.env)) {
  console.log(`Electron's program is not installed (${state.missing} is missing): downloading it now.`);
  const result = installElectronProgram(electronDir, process.env);
  if (!result.installed) console.error(result.failure);
  state = electronBinaryState(electronDir, process.env);
}
if (!state.installed) {
  console.error(missingBinarySentence(state.missing));
  process.exit(1);
}
