import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { badRequest } from './errors';
import { writeError } from './respond';
import { SANDBOX_FAULTS, type SandboxFault } from './route-types';

export const FAULT_HEADER = 'x-sandbox-fault';
export const SLOW_FIRST_BYTE_MS = 1500;

export function isSandboxFault(value: unknown): value is SandboxFault {
  return typeof value === 'string' && (SANDBOX_FAULTS as readonly string[]).includes(value);
}

/** The per-request header wins over the server option; `none` switches a server-wide fault off. */
export function resolveFault(
  header: string | string[] | undefined,
  serverFault?: SandboxFault,
): SandboxFault | undefined {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (!raw) return serverFault;
  if (raw === 'none') return undefined;
  if (isSandboxFault(raw)) return raw;
  throw badRequest(FAULT_HEADER, `${FAULT_HEADER} must be one of none, ${SANDBOX_FAULTS.join(', ')}`);
}

/**
 * Applies the faults that behave the same on every endpoint. Returns true when the response has
 * been fully handled and the route must not run.
 */
export async function applyCommonFault(
  fault: SandboxFault | undefined,
  res: ServerResponse,
  signal: AbortSignal,
): Promise<boolean> {
  if (fault === 'slow-first-byte') {
    try {
      await sleep(SLOW_FIRST_BYTE_MS, undefined, { signal });
    } catch {
      return true; // client left while we were stalling
    }
    return false;
  }
  if (fault === 'http-500') {
    writeError(res, 500, 'Sandbox fault: internal server error', 'server_error', 'sandbox_fault');
    return true;
  }
  if (fault === 'malformed-json') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"id": "chatcmpl-');
    return true;
  }
  return false;
}
