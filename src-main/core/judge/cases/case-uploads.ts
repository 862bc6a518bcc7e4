import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CASE_FILE_BYTES_MAX, UPLOAD_CHUNK_BYTES } from '../../../../src-shared/judge/judge-case-import';
import { AppFailure, invalidInput } from '../../../../src-shared/result';
import { type CaseSource, fileSource } from './case-file-scan';

/** A few imports may be open at once (two windows); starting one more drops the oldest. */
const UPLOADS_MAX = 4;

interface Upload {
  id: string;
  name: string;
  path: string;
  size: number;
  received: number;
  nextIndex: number;
  /** Writes one after another, in the order the chunks were accepted. */
  writing: Promise<void>;
  /** Aborts a preview or import reading the file when the upload is discarded. */
  controller: AbortController;
}

/**
 * Case files the window sends in numbered chunks (docs/architecture.md, "Judge test cases"),
 * written to a folder of the data folder as they come, so neither the window nor main ever holds
 * a whole file. The size is checked before the first chunk and every chunk after; a file is
 * read only once all of it has arrived, and is deleted when discarded, imported, replaced, when
 * the page that sent it goes away, or at the next start.
 */
export class CaseUploads {
  private readonly uploads = new Map<string, Upload>();
  private swept: Promise<void> | undefined;

  constructor(private readonly dir: string) {}

  /** A folder left by a previous run (a crash mid-upload) is emptied before the first upload. */
  private ready(): Promise<void> {
    this.swept ??= rm(this.dir, { recursive: true, force: true }).then(() =>
      mkdir(this.dir, { recursive: true }).then(() => undefined),
    );
    return this.swept;
  }

  async start(input: { name: string; size: number }, signal?: AbortSignal): Promise<{ uploadId: string }> {
    if (input.size > CASE_FILE_BYTES_MAX)
      throw invalidInput('size', 'must be at most 50 MB (the file is too large to import)');
    await this.ready();
    while (this.uploads.size >= UPLOADS_MAX) this.discard(this.uploads.keys().next().value!);
    const id = randomUUID();
    const path = join(this.dir, `${id}.part`);
    await writeFile(path, new Uint8Array());
    const upload: Upload = {
      id,
      name: input.name,
      path,
      size: input.size,
      received: 0,
      nextIndex: 0,
      writing: Promise.resolve(),
      controller: new AbortController(),
    };
    this.uploads.set(id, upload);
    // The page that started it went away: nobody will finish or discard it.
    signal?.addEventListener('abort', () => this.discard(id), { once: true });
    return { uploadId: id };
  }

  private get(uploadId: string): Upload {
    const u = this.uploads.get(uploadId);
    if (!u)
      throw new AppFailure({
        code: 'not_found',
        message: 'That file is no longer held for import (it was discarded or replaced); choose it again.',
        details: { issues: [{ path: 'uploadId', message: 'is not an open upload' }] },
      });
    return u;
  }

  async chunk(input: { uploadId: string; index: number; data: string }): Promise<{ received: number }> {
    const u = this.get(input.uploadId);
    if (input.index !== u.nextIndex)
      throw invalidInput('index', `must be ${u.nextIndex}: chunks are sent in order, from 0`);
    const bytes = Buffer.from(input.data, 'base64');
    const last = u.received + bytes.length === u.size;
    if (u.received + bytes.length > u.size)
      throw invalidInput(
        'data',
        `goes past the ${u.size.toLocaleString('en')} bytes the upload started with`,
      );
    if (bytes.length !== UPLOAD_CHUNK_BYTES && !last)
      throw invalidInput(
        'data',
        `must hold ${UPLOAD_CHUNK_BYTES.toLocaleString('en')} bytes (every chunk but the last)`,
      );
    u.nextIndex++;
    u.received += bytes.length;
    const write = u.writing.then(() => appendFile(u.path, bytes));
    u.writing = write.catch(() => undefined);
    await write;
    return { received: u.received };
  }

  /**
   * The whole file, once every byte has arrived, and a signal that aborts when it is discarded;
   * its path for a worker thread that reads it itself (an import).
   */
  async source(
    uploadId: string,
  ): Promise<{ source: CaseSource; path: string; signal: AbortSignal; name: string; size: number }> {
    const u = this.get(uploadId);
    if (u.received !== u.size)
      throw invalidInput(
        'uploadId',
        `the file has not all arrived (${u.received.toLocaleString('en')} of ${u.size.toLocaleString('en')} bytes)`,
      );
    await u.writing;
    return {
      source: fileSource(u.path),
      path: u.path,
      signal: u.controller.signal,
      name: u.name,
      size: u.size,
    };
  }

  /** True when there was such an upload; a preview reading it stops. */
  discard(uploadId: string): boolean {
    const u = this.uploads.get(uploadId);
    if (!u) return false;
    this.uploads.delete(uploadId);
    u.controller.abort(new Error('The file was discarded.'));
    void u.writing.then(() => rm(u.path, { force: true })).catch(() => undefined);
    return true;
  }

  /** How many are open (tests). */
  get open(): number {
    return this.uploads.size;
  }
}
