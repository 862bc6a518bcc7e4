/** One gateway call as the request log shows it; the key is already redacted. */
/** Main keeps this many request log entries; the window keeps no more than main does. */
export const MAX_LOG_ENTRIES = 500;

export interface LogEntry {
  id: number;
  method: string;
  url: string;
  /** Request headers with the key redacted. */
  requestHeaders: Record<string, string>;
  requestBody?: string;
  requestBytes: number;
  status?: number;
  startedAt: number;
  /** Milliseconds after start. */
  firstByteMs?: number;
  endMs?: number;
  responseBytes: number;
  /** The start of the response body (text), for a look without keeping everything. */
  responseStart?: string;
  contentType?: string;
  /** The gateway's request id header, when it sent one: what its support asks for. */
  requestId?: string;
  error?: string;
  state: 'pending' | 'done' | 'failed';
}

/**
 * What main tells the user about their data once: a stored record or file that failed to read
 * and was set aside (`set-aside`), the one-time import of the files an earlier version wrote
 * (`imported`, with the folder that keeps the originals), or one of those folders that could not
 * be moved to that backup (`not-moved`; it stays, and the move is tried again at the next start).
 */
export type StorageNotice =
  | { kind: 'set-aside'; file: string; movedTo: string; reason: string; at: number }
  | { kind: 'imported'; records: number; backupDir: string; at: number }
  | { kind: 'not-moved'; folder: string; backupDir: string; reason: string; at: number };
