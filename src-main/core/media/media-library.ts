import { createReadStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, normalize, relative } from 'node:path';
import { Readable } from 'node:stream';
import { writeFileAtomic } from '../storage/atomic-file';
import { writingTo } from '../storage/disk-full';

const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.opus': 'audio/ogg',
  '.ogg': 'audio/ogg',
  '.flac': 'audio/flac',
  '.aac': 'audio/aac',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.json': 'application/json',
};

export function mimeFor(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Turns a media file's relative path into a URL the window can load (custom protocol or browser mode). */
export type MediaUrlFor = (relPath: string) => string;

/**
 * Generated media lives under `<dataDir>/media`, addressed by relative paths such as
 * `images/<id>/0.png`. Paths are checked so a crafted one cannot leave the folder.
 */
export class MediaLibrary {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'media');
  }

  /**
   * The file a relative path names, strictly inside the media folder. The folder itself is refused
   * too (`''`, `'.'`, `'a/..'`): a Delete of an edited history entry must never empty the library.
   */
  resolve(relPath: string): string {
    const clean = normalize(relPath).replace(/^([/\\])+/, '');
    const abs = join(this.root, clean);
    const inside = relative(this.root, abs);
    if (
      !inside ||
      inside === '.' ||
      inside.startsWith('..') ||
      isAbsolute(inside) ||
      relPath.includes('\0')
    ) {
      throw new Error(`Media path must name a file inside the media folder: ${JSON.stringify(relPath)}`);
    }
    return abs;
  }

  write(relPath: string, bytes: Uint8Array): string {
    const abs = this.resolve(relPath);
    writingTo(dirname(abs), bytes.byteLength, () => writeFileAtomic(abs, bytes));
    return relPath;
  }

  exists(relPath: string): boolean {
    return existsSync(this.resolve(relPath));
  }

  remove(relPath: string): void {
    rmSync(this.resolve(relPath), { recursive: true, force: true });
  }

  ensureDir(relPath: string): void {
    mkdirSync(this.resolve(relPath), { recursive: true, mode: 0o700 });
  }
}

export interface MediaResponse {
  status: number;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array> | null;
}

/**
 * Serves a media file with HTTP range support, which <video> and <audio> need for seeking.
 * Used by the Electron protocol handler and by browser mode alike.
 */
export function serveMediaFile(absPath: string, rangeHeader: string | null): MediaResponse {
  if (!existsSync(absPath) || !statSync(absPath).isFile()) {
    return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: null };
  }
  const size = statSync(absPath).size;
  // nosniff: a file is only ever what its extension says (a PNG that is also HTML stays an image).
  const base = {
    'Content-Type': mimeFor(absPath),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  const match = rangeHeader ? /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim()) : null;
  if (match && (match[1] || match[2])) {
    let start = match[1] ? Number(match[1]) : size - Number(match[2]);
    let end = match[1] && match[2] ? Number(match[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(size - 1, end);
    if (start > end || start >= size) {
      return { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` }, body: null };
    }
    const stream = createReadStream(absPath, { start, end });
    return {
      status: 206,
      headers: {
        ...base,
        'Content-Range': `bytes ${start}-${end}/${size}`,
        'Content-Length': String(end - start + 1),
      },
      body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
    };
  }
  return {
    status: 200,
    headers: { ...base, 'Content-Length': String(size) },
    body: Readable.toWeb(createReadStream(absPath)) as ReadableStream<Uint8Array>,
  };
}
