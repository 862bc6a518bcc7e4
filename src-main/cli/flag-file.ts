import { readFileSync } from 'node:fs';
import { AppFailure } from '../../src-shared/result';

/**
 * Reads the text file a command-line flag names. A failure says which flag and what is wrong
 * with its path (a folder, a missing file, no permission) and what to give instead, since
 * Node's own words ("EISDIR: illegal operation on a directory, read") name neither.
 * `wanted` completes "give …": what the flag expects.
 */
export function readFlagFile(flag: string, path: string, wanted: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const what =
      code === 'EISDIR'
        ? 'is a folder'
        : code === 'ENOENT'
          ? 'does not exist'
          : code === 'EACCES' || code === 'EPERM'
            ? 'cannot be read (permission denied)'
            : `could not be read (${code ?? (err instanceof Error ? err.message : String(err))})`;
    throw new AppFailure({ code: 'invalid_input', message: `--${flag} ${path} ${what}; give ${wanted}` });
  }
}
