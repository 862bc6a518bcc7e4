import type { ServerResponse } from 'node:http';
import { once } from 'node:events';
import { setImmediate as nextTick, setTimeout as sleep } from 'node:timers/promises';
import type { Rng } from './seed';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
};

export function sseData(data: unknown): string {
  return `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** Waits `ms` (or one turn of the event loop for 0); false when the client left meanwhile. */
export async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    if (ms > 0) await sleep(ms, undefined, { signal });
    else await nextTick(undefined, { signal });
    return !signal.aborted;
  } catch {
    return false;
  }
}

/**
 * Writes text, honouring back-pressure. When `splitRng` says so and the text holds multi-byte
 * characters, the bytes are written in two parts cut inside a UTF-8 sequence, with a short gap, so
 * clients get a network read that ends mid-character and must decode across reads.
 */
export async function writeText(
  res: ServerResponse,
  text: string,
  signal: AbortSignal,
  splitRng?: Rng,
): Promise<boolean> {
  const bytes = Buffer.from(text, 'utf8');
  const cut = splitRng && bytes.length !== text.length && splitRng.next() < 0.5 ? splitPoint(bytes) : -1;
  if (cut > 0) {
    if (!(await writeBytes(res, bytes.subarray(0, cut), signal))) return false;
    if (!(await pause(2, signal))) return false;
    return writeBytes(res, bytes.subarray(cut), signal);
  }
  return writeBytes(res, bytes, signal);
}

// Index of the first UTF-8 continuation byte: cutting there splits a character.
function splitPoint(bytes: Buffer): number {
  for (let i = 1; i < bytes.length; i++) if ((bytes[i] & 0xc0) === 0x80) return i;
  return -1;
}

async function writeBytes(res: ServerResponse, bytes: Buffer, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted || res.destroyed) return false;
  if (res.write(bytes)) return true;
  try {
    await once(res, 'drain', { signal });
    return true;
  } catch {
    return false;
  }
}
