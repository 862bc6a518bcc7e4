import { DatabaseTooNewError } from '../core/db/migrations';
import { DataFolderLockedError } from '../core/db/open-database';

/** Why the app could not start, in words for a person, with the folder and the next step. */
export interface StartupFailure {
  reason: 'locked' | 'too-new' | 'unwritable' | 'unopenable' | 'unexpected';
  /** A dialog's title. */
  title: string;
  /** What went wrong, naming the data folder. */
  message: string;
  /** What the user can do about it. */
  nextStep: string;
}

/** Thrown by startApp when the data folder cannot be used; nothing in it was changed. */
export class StartupError extends Error {
  constructor(
    readonly failure: StartupFailure,
    options?: { cause?: unknown },
  ) {
    super(`${failure.message} ${failure.nextStep}`, options);
  }
}

// File-system codes that mean "this process may not write here" (or the path is not a folder).
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC', 'EDQUOT']);
// SQLite's primary result codes for a file it cannot open or write.
const SQLITE_READONLY = 8;
const SQLITE_CANTOPEN = 14;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;

const TITLE = 'Gatehouse cannot open its data folder';

/**
 * Reads any error thrown while opening the data folder as one StartupFailure. `choose` says how
 * this edge picks another folder (GATEHOUSE_DATA_DIR for the app, --data-dir in browser mode).
 */
export function describeStartupFailure(err: unknown, dataDir: string, choose: string): StartupFailure {
  if (err instanceof StartupError) return err.failure;
  if (err instanceof DataFolderLockedError) {
    return {
      reason: 'locked',
      title: TITLE,
      message: `The data folder ${dataDir} is in use by another Gatehouse (the app or browser mode).`,
      nextStep: `Close the other one, or start this one with another data folder (${choose}), and try again.`,
    };
  }
  if (err instanceof DatabaseTooNewError) {
    return {
      reason: 'too-new',
      title: TITLE,
      message: `The data folder ${dataDir} was last used by a newer Gatehouse (database version ${err.found}; this one knows up to ${err.known}). Nothing in it was changed.`,
      nextStep: `Update Gatehouse to open it, or start with another data folder (${choose}).`,
    };
  }
  const detail = err instanceof Error ? err.message : String(err);
  const fsCode = (err as { code?: unknown } | null)?.code;
  const sqlite = (err as { errcode?: unknown } | null)?.errcode;
  const sqliteCode = typeof sqlite === 'number' ? sqlite & 0xff : undefined;
  if (typeof fsCode === 'string' && UNWRITABLE.has(fsCode)) {
    return {
      reason: 'unwritable',
      title: TITLE,
      message: `Gatehouse cannot write to its data folder ${dataDir} (${detail}).`,
      nextStep: `Make the folder writable (or free some disk space), or start with another data folder (${choose}).`,
    };
  }
  if (
    sqliteCode === SQLITE_READONLY ||
    sqliteCode === SQLITE_CANTOPEN ||
    sqliteCode === SQLITE_IOERR ||
    sqliteCode === SQLITE_FULL
  ) {
    return {
      reason: 'unopenable',
      title: TITLE,
      message: `Gatehouse cannot open its database ${dataDir}/gatehouse.db (${detail}). Nothing in the folder was changed.`,
      nextStep: `Check that gatehouse.db is a file you may write and that the disk has room, or start with another data folder (${choose}).`,
    };
  }
  return {
    reason: 'unexpected',
    title: 'Gatehouse could not start',
    message: `Gatehouse could not start with the data folder ${dataDir}: ${detail}`,
    nextStep: `Try again; if it happens again, start with another data folder (${choose}) and report this message.`,
  };
}

/** The failure on one line, for a terminal: no stack trace. */
export function startupFailureLine(failure: StartupFailure): string {
  return `${failure.title}: ${failure.message} ${failure.nextStep}`.replace(/\s*\n\s*/g, ' ');
}
