import { createReadStream } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CASES_PER_SET_MAX } from '../../../../src-shared/judge/case-answers';
import {
  CASE_FILE_BYTES_MAX,
  type CaseFileFormat,
  type CaseFileStop,
} from '../../../../src-shared/judge/judge-case-import';
import { AppFailure } from '../../../../src-shared/result';
import { CaseRowReader, ROW_TEXT_MAX, type RowItem } from './case-rows';

/**
 * A case file read as a stream (docs/architecture.md, "Judge test cases"): piece by piece, in
 * turns of a few milliseconds that give the event loop back between them, counting bytes and
 * rows as they come so the caps stop the reading early, holding only what the caller keeps.
 */
export interface CaseSource {
  /** The file from its start, in pieces of bytes (or text); it may be opened more than once. */
  open(): AsyncIterable<Uint8Array | string>;
}

/** A piece this size parses in well under a millisecond. */
const PIECE = 64 * 1024;

export function fileSource(path: string): CaseSource {
  return { open: () => createReadStream(path, { highWaterMark: PIECE }) };
}

/** Text already in memory (tests, small files), cut into pieces like a file's. */
export function textSource(text: string): CaseSource {
  return {
    async *open() {
      for (let i = 0; i < text.length; i += PIECE) yield text.slice(i, i + PIECE);
    },
  };
}

export interface ScanLimits {
  bytes: number;
  rows: number;
  rowChars: number;
}

export const SCAN_LIMITS: ScanLimits = {
  bytes: CASE_FILE_BYTES_MAX,
  rows: CASES_PER_SET_MAX,
  rowChars: ROW_TEXT_MAX,
};

export interface ScanProgress {
  bytes: number;
  rows: number;
}

export interface ScanOptions {
  format?: CaseFileFormat;
  signal?: AbortSignal;
  limits?: Partial<ScanLimits>;
  onProgress?: (p: ScanProgress) => void;
}

export interface ScanEnd {
  format: CaseFileFormat;
  columns: string[];
  /** Set when a JSON file is not a valid array: it then has no rows at all. */
  fatal?: string;
  /** Set when a cap stopped the reading before the end of the file. */
  stopped?: CaseFileStop;
  bytes: number;
  rows: number;
}

/**
 * Main's turns stay this short: a timer, a click or another call waits at most about this long
 * (plus one row's work) while a file is read.
 */
const TURN_MS = 8;

/** A row the file's own syntax left out counts as a row; a header or file problem does not. */
export const countsAsRow = (item: RowItem) =>
  item.row !== undefined || (item.problem.skipsRow && item.problem.field === 'row');

export function stopMessage(stop: CaseFileStop): string {
  if (stop.reason === 'bytes')
    return `the file is larger than ${mb(stop.limit)} (stopped reading at byte ${stop.at.toLocaleString('en')})`;
  const where = stop.line !== undefined ? `, line ${stop.line.toLocaleString('en')}` : '';
  return `the file has more than ${stop.limit.toLocaleString('en')} cases (stopped reading at row ${stop.at.toLocaleString('en')}${where}); a question set holds at most ${stop.limit.toLocaleString('en')}`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en')} MB`;

/**
 * Reads `source` to its end or to a cap, handing each row and problem to `visit` in file order.
 * Throws an `aborted` AppFailure when `signal` aborts.
 */
export async function scanCaseFile(
  source: CaseSource,
  options: ScanOptions,
  visit: (item: RowItem, reader: CaseRowReader) => void,
): Promise<ScanEnd> {
  const limits = { ...SCAN_LIMITS, ...options.limits };
  const reader = new CaseRowReader(options.format, limits.rowChars);
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  let rows = 0;
  let stopped: CaseFileStop | undefined;
  let turnStart = performance.now();
  let lastProgress = turnStart;
  const checkAbort = () => {
    if (options.signal?.aborted)
      throw new AppFailure({ code: 'aborted', message: 'Reading the file was cancelled.' });
  };
  const pause = async () => {
    const now = performance.now();
    if (now - turnStart < TURN_MS) return;
    if (options.onProgress && now - lastProgress > 100) {
      lastProgress = now;
      options.onProgress({ bytes, rows });
    }
    await nextTurn();
    checkAbort();
    turnStart = performance.now();
  };
  /** False once the row cap is met. */
  const hand = async (items: RowItem[]) => {
    for (let k = 0; k < items.length; k++) {
      const item = items[k];
      if (countsAsRow(item)) {
        if (rows === limits.rows) {
          const place = item.row ?? item.problem;
          stopped = {
            reason: 'rows',
            limit: limits.rows,
            at: rows + 1,
            ...(place.line !== undefined ? { line: place.line } : { item: place.item }),
          };
          return false;
        }
        rows++;
      }
      visit(item, reader);
      if ((k & 63) === 63) await pause();
    }
    return true;
  };

  checkAbort();
  read: for await (const chunk of source.open()) {
    let text: string;
    if (typeof chunk === 'string') {
      const size = Buffer.byteLength(chunk);
      if (bytes + size > limits.bytes) {
        stopped = { reason: 'bytes', limit: limits.bytes, at: limits.bytes + 1 };
        // Whatever fits, so the rows before the cap are still counted.
        text = Buffer.from(chunk)
          .subarray(0, limits.bytes - bytes)
          .toString('utf8');
        bytes = limits.bytes;
      } else {
        bytes += size;
        text = chunk;
      }
    } else {
      let piece = chunk;
      if (bytes + piece.length > limits.bytes) {
        stopped = { reason: 'bytes', limit: limits.bytes, at: limits.bytes + 1 };
        piece = piece.subarray(0, limits.bytes - bytes);
      }
      bytes += piece.length;
      text = decoder.decode(piece, { stream: true });
    }
    // A chunk from a file is at most PIECE bytes; a longer string is parsed in pieces too.
    for (let i = 0; i < text.length || i === 0; i += PIECE) {
      if (!(await hand(reader.push(text.slice(i, i + PIECE))))) break read;
      await pause();
      if (text.length === 0) break;
    }
    if (stopped) break;
  }
  if (!stopped) {
    const tail = decoder.decode();
    if (tail) await hand(reader.push(tail));
    if (!stopped) await hand(reader.end());
  }
  options.onProgress?.({ bytes, rows });
  return {
    format: reader.format ?? 'csv',
    columns: reader.fatal ? [] : reader.columns,
    ...(reader.fatal ? { fatal: reader.fatal } : {}),
    ...(stopped ? { stopped } : {}),
    bytes,
    rows,
  };
}
