import { mkdir, open, rename, rm } from 'node:fs/promises';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** The temporary names used beside a file while it is written (`x.tmp-…`, `x.part-…`). */
export function tempNameFor(path: string, kind: 'tmp' | 'part' = 'tmp'): string {
  return `${path}.${kind}-${randomBytes(4).toString('hex')}`;
}

/** Whether a file name is one of those temporary names, left behind only by a crash. */
export function isTempFileName(name: string): boolean {
  return /\.(tmp|part)-[0-9a-f]{8}$/.test(basename(name));
}

/**
 * Makes a rename durable: the directory entry is on disk only once the directory is synced.
 * Windows cannot open a directory for this; there NTFS's journal covers the rename.
 */
export function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported here (Windows, some network file systems): nothing more can be done.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes to a temporary file beside the target and renames it over: a crash mid-write leaves the
 * old file whole. Mode 0600 because these files hold the user's prompts and (encrypted) keys.
 * A failed write removes its temporary file; one left by a crash is swept at the next start.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = tempNameFor(path);
  try {
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  syncDirectory(dirname(path));
}

/**
 * writeFileAtomic off main's event loop: the write and its sync run on libuv's threads, so a big
 * export does not hold main while the disk takes it.
 */
export async function writeFileAtomicAsync(path: string, data: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = tempNameFor(path);
  try {
    const file = await open(tmp, 'w', 0o600);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  syncDirectory(dirname(path));
}

/**
 * Removes, under `dir`, the temporary files a crash left behind (a write or a download that
 * never reached its rename); they are never anything the user saved. Returns how many went.
 */
export function sweepTempFiles(dir: string): number {
  let removed = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) removed += sweepTempFiles(path);
    else if (e.isFile() && isTempFileName(e.name)) {
      rmSync(path, { force: true });
      removed++;
    }
  }
  return removed;
}
