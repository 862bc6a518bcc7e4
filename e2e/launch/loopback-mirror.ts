import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackMirror {
  /** The ELECTRON_MIRROR value, ending in a slash as the downloader appends `<dir>/<file>`. */
  url: string;
  /** Every request path, in order, whether it was served or not. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A download mirror on 127.0.0.1 that serves exactly the given paths (404 for anything else), so
 * the test also proves which URL Electron's downloader builds from ELECTRON_MIRROR.
 */
export async function startLoopbackMirror(files: Record<string, Buffer | string>): Promise<LoopbackMirror> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://mirror').pathname;
    requests.push(path);
    const body = files[path];
    if (body === undefined || request.method !== 'GET') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`not on this mirror: ${path}\n`);
      return;
    }
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    response.writeHead(200, { 'content-length': bytes.length, 'content-type': 'application/octet-stream' });
    response.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/electron/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
