import type { ServerResponse } from 'node:http';
import { errorBody } from './errors';
import type { SandboxFault } from './route-types';

/**
 * Writes a JSON response. Under the `cut-stream` fault a successful response is cut right after
 * its headers, so clients see a 200 whose body never arrives.
 */
export function writeJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  fault?: SandboxFault,
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  if (fault === 'cut-stream' && status < 300) {
    res.flushHeaders();
    setImmediate(() => res.destroy());
    return;
  }
  res.end(text);
}

export function writeError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string,
  param: string | null = null,
  headers: Record<string, string> = {},
): void {
  writeJson(res, status, errorBody(message, type, code, param), headers);
}
