import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

/**
 * Sends a file with HTTP range support (one `bytes=` range), as a CDN would, so players can
 * seek in the Sandbox's videos. Returns false when the file is missing. The Sandbox keeps its
 * own copy of this rather than the app's media server: it plays the foreign peer in tests.
 */
export function sendFileWithRanges(
  res: ServerResponse,
  path: string,
  range: string | undefined,
  contentType: string,
): boolean {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) return false;
    size = st.size;
  } catch {
    return false;
  }
  res.setHeader('Content-Type', contentType);
  res.setHeader('Accept-Ranges', 'bytes');
  const m = range?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) {
    res.writeHead(200, { 'Content-Length': size });
    createReadStream(path).pipe(res);
    return true;
  }
  const first = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const last = m[1] !== '' && m[2] !== '' ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (first > last || first >= size) {
    res.writeHead(416, { 'Content-Range': `bytes */${size}` });
    res.end();
    return true;
  }
  res.writeHead(206, {
    'Content-Range': `bytes ${first}-${last}/${size}`,
    'Content-Length': last - first + 1,
  });
  createReadStream(path, { start: first, end: last }).pipe(res);
  return true;
}
