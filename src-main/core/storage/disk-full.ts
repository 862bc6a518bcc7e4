import { dirname } from 'node:path';
import { AppFailure, type AppError } from '../../../src-shared/result';

/** SQLite's primary result code for "database or disk is full". */
const SQLITE_FULL = 13;

/**
 * Whether a write failed because the disk (or the user's quota) has no room: a file-system
 * ENOSPC or EDQUOT, or SQLite's SQLITE_FULL (node:sqlite puts the code in `errcode`).
 */
export function isDiskFull(err: unknown): boolean {
  const e = err as { code?: unknown; errcode?: unknown } | null;
  if (e?.code === 'ENOSPC' || e?.code === 'EDQUOT') return true;
  return typeof e?.errcode === 'number' && (e.errcode & 0xff) === SQLITE_FULL;
}

const megabytes = (n: number) => `${Math.max(0.1, Math.round((n / 1024 / 1024) * 10) / 10)} MB`;

/**
 * A full disk as the window shows it (docs/architecture.md, "Data"): the code `disk_full`, the
 * folder that could not be written and, where the writer knows it, how many bytes it needed.
 * `folder` falls back to the folder of the path the error names (a file-system error has one).
 */
export function diskFullError(err: unknown, folder?: string, neededBytes?: number): AppError {
  const path = (err as { path?: unknown } | null)?.path;
  const where = folder ?? (typeof path === 'string' ? dirname(path) : undefined);
  const need = neededBytes !== undefined && neededBytes > 0 ? neededBytes : undefined;
  return {
    code: 'disk_full',
    message:
      `The disk is full${where ? `: ${where} has no room` : ''}` +
      `${need !== undefined ? ` for ${megabytes(need)} more` : ''}. ` +
      'Free some space on that disk (or choose another folder) and try again.',
    details: {
      ...(where ? { folder: where } : {}),
      ...(need !== undefined ? { neededBytes: need } : {}),
    },
  };
}

/**
 * Runs a write; a full disk is thrown again as a `disk_full` AppFailure naming `folder` and the
 * bytes needed, anything else as it was.
 */
export function writingTo<T>(folder: string, neededBytes: number | undefined, write: () => T): T {
  try {
    return write();
  } catch (err) {
    if (isDiskFull(err)) throw new AppFailure(diskFullError(err, folder, neededBytes));
    throw err;
  }
}

/** writingTo, for a write that returns a promise. */
export async function writingToAsync<T>(
  folder: string,
  neededBytes: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isDiskFull(err)) throw new AppFailure(diskFullError(err, folder, neededBytes));
    throw err;
  }
}
