// The `node_modules/electron` folder electron-vite would use, found the way Node resolves it from here.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/** @returns {string | undefined} */
export function electronPackageDir() {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}
