import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative } from 'node:path';
import { APP_CSP } from './app-csp';
import { APP_HOST, APP_SCHEME } from './app-origin';

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** Unknown types go out as bytes; with nosniff the window will not run or style them. */
export function mimeTypeFor(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type AppFileTarget = { kind: 'file'; path: string } | { kind: 'forbidden' } | { kind: 'not-found' };

/**
 * Maps an app-scheme URL to a file under the renderer folder. Each path segment is decoded on
 * its own and refused if it could step outside (`..`, an encoded slash or backslash, a NUL),
 * and the joined result is checked to stay under the root as well.
 */
export function resolveAppFile(rootDir: string, url: string): AppFileTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'not-found' };
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return { kind: 'forbidden' };
  const raw = parsed.pathname === '/' ? ['index.html'] : parsed.pathname.slice(1).split('/');
  const segments: string[] = [];
  for (const part of raw) {
    let seg: string;
    try {
      seg = decodeURIComponent(part);
    } catch {
      return { kind: 'forbidden' };
    }
    if (seg === '' || seg === '.' || seg === '..' || /[/\\\0]/.test(seg)) return { kind: 'forbidden' };
    segments.push(seg);
  }
  const path = join(rootDir, ...segments);
  const rel = relative(rootDir, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return { kind: 'forbidden' };
  return { kind: 'file', path };
}

/** Headers for every file the app scheme serves: its type, no sniffing, and the window's CSP. */
export function appResponseHeaders(path: string): Record<string, string> {
  return {
    'Content-Type': mimeTypeFor(path),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': APP_CSP,
    'Cache-Control': 'no-cache',
  };
}

export interface AppResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string | null;
}

/** One request to the app scheme, answered from the renderer folder (read-only, GET/HEAD only). */
export async function serveAppRequest(
  rootDir: string,
  request: { method: string; url: string },
  read: (path: string) => Promise<Uint8Array> = readFile,
): Promise<AppResponse> {
  const text = (status: number, body: string): AppResponse => ({
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
    body,
  });
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed');
  const target = resolveAppFile(rootDir, request.url);
  if (target.kind === 'forbidden') return text(403, 'Forbidden');
  if (target.kind === 'not-found') return text(404, 'Not found');
  let body: Uint8Array;
  try {
    body = await read(target.path);
  } catch {
    return text(404, 'Not found');
  }
  return {
    status: 200,
    headers: appResponseHeaders(target.path),
    body: request.method === 'HEAD' ? null : body,
  };
}
