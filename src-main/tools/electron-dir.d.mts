// Types for electron-dir.mjs.
export function electronPackageDir(): string | undefined;
