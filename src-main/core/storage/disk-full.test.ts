import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AppFailure } from '../../../src-shared/result';
import { toAppError } from '../../ipc/router';
import { MediaLibrary } from '../media/media-library';
import { browserDesktopActions } from '../../web/browser-desktop-actions';
import { diskFullError, isDiskFull, writingTo } from './disk-full';

/** A real "no space left on device": Linux's /dev/full refuses every write with ENOSPC. */
function realEnospc(): unknown {
  try {
    writeFileSync('/dev/full', 'x');
  } catch (err) {
    return err;
  }
  throw new Error('/dev/full accepted a write');
}
const hasDevFull = existsSync('/dev/full');

// Writes into a folder named "full-disk" fail as a full disk does; every other write is real.
vi.mock('./atomic-file', async (importOriginal) => {
  const real = await importOriginal<typeof import('./atomic-file')>();
  return {
    ...real,
    writeFileAtomic: (path: string, data: string | Uint8Array) => {
      if (path.includes('full-disk')) throw realEnospc();
      real.writeFileAtomic(path, data);
    },
  };
});

describe.runIf(hasDevFull)('a full disk', () => {
  it('is recognised from the file system (ENOSPC, EDQUOT) and from SQLite (SQLITE_FULL)', () => {
    expect(isDiskFull(realEnospc())).toBe(true);
    expect(isDiskFull(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
    // node:sqlite's error for "database or disk is full": the extended code's low byte is 13.
    expect(isDiskFull(Object.assign(new Error('database or disk is full'), { errcode: 13 }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('busy'), { errcode: 5 }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('denied'), { code: 'EACCES' }))).toBe(false);
  });

  it('is reported as disk_full with the folder and the space needed, not internal', () => {
    const err = diskFullError(realEnospc(), '/data/media/images', 3 * 1024 * 1024);
    expect(err).toEqual({
      code: 'disk_full',
      message:
        'The disk is full: /data/media/images has no room for 3 MB more. Free some space on that disk (or choose another folder) and try again.',
      details: { folder: '/data/media/images', neededBytes: 3 * 1024 * 1024 },
    });
    expect(() => writingTo('/data/exports', 10, () => writeFileSync('/dev/full', 'x'))).toThrow(AppFailure);
    // Anything else passes through unchanged.
    const other = new Error('not a disk problem');
    expect(() =>
      writingTo('/data', 1, () => {
        throw other;
      }),
    ).toThrow(other);
  });

  it('reaches a route as disk_full: the data folder for SQLite, the path’s folder for a file', () => {
    const sqlite = Object.assign(new Error('database or disk is full'), { errcode: 13 });
    expect(toAppError(sqlite, '/home/me/.gatehouse')).toMatchObject({
      code: 'disk_full',
      details: { folder: '/home/me/.gatehouse' },
    });
    const file = Object.assign(new Error('ENOSPC: no space left on device, open'), {
      code: 'ENOSPC',
      path: '/mnt/small/exports/run.csv',
    });
    expect(toAppError(file, '/home/me/.gatehouse')).toMatchObject({
      code: 'disk_full',
      details: { folder: '/mnt/small/exports' },
    });
  });

  it('is what the media library and browser mode’s exports say when their disk is full', async () => {
    const library = new MediaLibrary(join(mkdtempSync(join(tmpdir(), 'gatehouse-')), 'full-disk'));
    const bytes = new Uint8Array(2 * 1024 * 1024);
    let thrown: unknown;
    try {
      library.write('images/a.png', bytes);
    } catch (err) {
      thrown = err;
    }
    expect((thrown as AppFailure).error).toMatchObject({
      code: 'disk_full',
      details: { folder: library.resolve('images'), neededBytes: bytes.byteLength },
    });
    const exportDir = join(mkdtempSync(join(tmpdir(), 'gatehouse-')), 'full-disk');
    const failure = await browserDesktopActions(exportDir)
      .saveTextAs('a,b\r\n', 'run.csv')
      .catch((err: unknown) => err);
    expect((failure as AppFailure).error).toMatchObject({
      code: 'disk_full',
      details: { folder: exportDir, neededBytes: 5 },
    });
  });
});
