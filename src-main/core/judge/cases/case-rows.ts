import type { CaseFileFormat, RowPlace } from '../../../../src-shared/judge/judge-case-import';
import { CsvRows } from './case-rows-csv';

/**
 * A file of cases read into rows of named values, whatever its format, piece by piece as it
 * arrives (docs/architecture.md, "Judge test cases"). CSV values are text; JSONL and JSON values
 * keep their JSON type (a state may be an object or a list there).
 */
export interface FileRow extends RowPlace {
  /** Column name to value; read with `cell`, never by plain indexing (a column may be `__proto__`). */
  values: Record<string, unknown>;
}

/** A row or header that could not be read at all. */
export interface RowProblem extends RowPlace {
  field: 'header' | 'row' | 'file';
  reason: string;
  /** True when the problem leaves a row out; a renamed header column leaves nothing out. */
  skipsRow: boolean;
}

export type RowItem = { row: FileRow; problem?: undefined } | { row?: undefined; problem: RowProblem };

/**
 * At most this many characters in one row: a case's state is at most 2,000,000 characters
 * (STATE_TEXT_MAX), which quoting or JSON escapes may double, plus its answers and note. A longer
 * row is read to its end but kept only as a problem, so one endless line cannot fill memory.
 */
export const ROW_TEXT_MAX = 8_000_000;
/** JSONL and JSON rows name their own keys; past this many different ones the rest are not offered. */
export const COLUMNS_MAX = 1_000;

export function cell(row: FileRow, column: string): unknown {
  return Object.hasOwn(row.values, column) ? row.values[column] : undefined;
}

/** `[` is JSON, `{` is JSONL, anything else CSV; undefined while only blanks have been seen. */
function guessFormat(text: string): CaseFileFormat | undefined {
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  if (first === undefined) return undefined;
  return first === '[' ? 'json' : first === '{' ? 'jsonl' : 'csv';
}

export interface FormatReader {
  push(text: string, out: RowItem[]): void;
  end(out: RowItem[]): void;
}

/**
 * Reads a case file pushed in pieces of text. The format is the one given, else guessed from the
 * first character that is not blank. `columns` grows as rows arrive (a CSV's are its header's).
 * A JSON file that is not a valid array sets `fatal`: such a file has no rows at all.
 */
export class CaseRowReader {
  format: CaseFileFormat | undefined;
  columns: string[] = [];
  fatal: string | undefined;
  private inner: FormatReader | undefined;
  private waiting = '';
  private rowSeen = false;
  private problemSeen = false;

  constructor(format?: CaseFileFormat, maxRowChars = ROW_TEXT_MAX) {
    this.format = format;
    this.maxRowChars = maxRowChars;
    if (format) this.inner = this.readerFor(format);
  }

  private readonly maxRowChars: number;

  private readerFor(format: CaseFileFormat): FormatReader {
    if (format === 'csv') return new CsvRows(this, this.maxRowChars);
    if (format === 'jsonl') return new JsonlRows(this, this.maxRowChars);
    return new JsonRows(this, this.maxRowChars);
  }

  push(text: string): RowItem[] {
    const out: RowItem[] = [];
    if (!this.inner) {
      this.waiting += text;
      const format = guessFormat(this.waiting);
      if (!format) {
        // Only blanks so far; a file of blanks is kept no longer than a row may be.
        if (this.waiting.length > this.maxRowChars) this.waiting = this.waiting.slice(0, 1);
        return out;
      }
      this.format = format;
      this.inner = this.readerFor(format);
      text = this.waiting;
      this.waiting = '';
    }
    this.inner.push(text, out);
    this.note(out);
    return out;
  }

  end(): RowItem[] {
    const out: RowItem[] = [];
    if (!this.inner) {
      this.format ??= 'csv';
      this.inner = this.readerFor(this.format);
      this.inner.push(this.waiting, out);
      this.waiting = '';
    }
    this.inner.end(out);
    this.note(out);
    // A CSV needs only its header to have columns; a JSON(L) file needs a row.
    const empty = this.format === 'csv' ? this.columns.length === 0 : !this.rowSeen;
    if (empty && !this.problemSeen && !this.fatal)
      out.push({
        problem: {
          field: 'file',
          reason: `holds no cases (read as ${this.format!.toUpperCase()})`,
          skipsRow: false,
        },
      });
    return out;
  }

  private note(out: RowItem[]) {
    for (const item of out) {
      if (item.row) this.rowSeen = true;
      else this.problemSeen = true;
    }
  }

  /** JSONL and JSON: the keys of a row join the columns, in the order first met. */
  addColumnsOf(values: Record<string, unknown>, seen: Set<string>, out: RowItem[]) {
    for (const k of Object.keys(values)) {
      if (seen.has(k)) continue;
      if (seen.size === COLUMNS_MAX) {
        out.push({
          problem: {
            field: 'header',
            reason: `the rows have more than ${COLUMNS_MAX.toLocaleString('en')} different keys; only the first ${COLUMNS_MAX.toLocaleString('en')} can be mapped`,
            skipsRow: false,
          },
        });
        seen.add(k); // past the cap: noted once, never offered
        continue;
      }
      if (seen.size > COLUMNS_MAX) continue;
      seen.add(k);
      this.columns.push(k);
    }
  }
}

const tooLong = (max: number) =>
  `is longer than ${max.toLocaleString('en')} characters, more than a case can hold`;

class JsonlRows implements FormatReader {
  private line = 1;
  private partial = '';
  private size = 0;
  private skipping = false;
  private atStart = true;
  private readonly seen = new Set<string>();

  constructor(
    private readonly file: CaseRowReader,
    private readonly max: number,
  ) {}

  push(text: string, out: RowItem[]) {
    if (this.atStart && text.length > 0) {
      this.atStart = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let from = 0;
    for (;;) {
      const nl = text.indexOf('\n', from);
      const to = nl < 0 ? text.length : nl;
      this.size += to - from;
      if (!this.skipping && this.size > this.max) {
        this.skipping = true;
        this.partial = '';
      }
      if (!this.skipping) this.partial += text.slice(from, to);
      if (nl < 0) return;
      this.finishLine(out);
      from = nl + 1;
    }
  }

  end(out: RowItem[]) {
    this.finishLine(out);
  }

  private finishLine(out: RowItem[]) {
    const place = { line: this.line++ };
    const skipping = this.skipping;
    const raw = this.partial;
    this.partial = '';
    this.size = 0;
    this.skipping = false;
    if (skipping) {
      out.push({ problem: { ...place, field: 'row', reason: tooLong(this.max), skipsRow: true } });
      return;
    }
    const l = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (l.trim() === '') return;
    const parsed = parseJson(l);
    if (!parsed.ok) out.push({ problem: { ...place, field: 'row', reason: parsed.reason, skipsRow: true } });
    else if (!isObject(parsed.value))
      out.push({
        problem: { ...place, field: 'row', reason: 'is not a JSON object ({ … })', skipsRow: true },
      });
    else {
      this.file.addColumnsOf(parsed.value, this.seen, out);
      out.push({ row: { ...place, values: parsed.value } });
    }
  }
}

/**
 * A JSON array read item by item: the scanner follows strings and nesting only to find where
 * each item ends, and `JSON.parse` reads the item. Any flaw in the array itself (text after it,
 * an empty item, no closing `]`) makes the whole file unreadable, as `JSON.parse` of the whole
 * would.
 */
class JsonRows implements FormatReader {
  private phase: 'before' | 'items' | 'after' | 'notArray' = 'before';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private item = '';
  private size = 0;
  private skipping = false;
  private count = 0;
  private atStart = true;
  private readonly seen = new Set<string>();

  constructor(
    private readonly file: CaseRowReader,
    private readonly max: number,
  ) {}

  private fail(reason: string) {
    this.file.fatal ??= reason;
  }

  push(text: string, out: RowItem[]) {
    if (this.file.fatal) return;
    if (this.atStart && text.length > 0) {
      this.atStart = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const n = text.length;
    let i = 0;
    while (i < n && !this.file.fatal) {
      if (this.phase === 'before') {
        while (i < n && isBlank(text.charCodeAt(i))) i++;
        if (i === n) return;
        if (text.charCodeAt(i) === 91 /* [ */) {
          this.phase = 'items';
          i++;
        } else this.phase = 'notArray';
        continue;
      }
      if (this.phase === 'notArray') {
        this.take(text, i, n);
        return;
      }
      if (this.phase === 'after') {
        while (i < n && isBlank(text.charCodeAt(i))) i++;
        if (i < n) this.fail(`is not valid JSON (text follows the array's closing ])`);
        return;
      }
      // Items: find the next comma or closing bracket outside strings and nesting.
      const from = i;
      let boundary = -1;
      for (; i < n; i++) {
        const c = text.charCodeAt(i);
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (c === 92 /* \ */) this.escaped = true;
          else if (c === 34 /* " */) this.inString = false;
        } else if (c === 34) this.inString = true;
        else if (c === 123 /* { */ || c === 91 /* [ */) this.depth++;
        else if ((c === 125 /* } */ || c === 93) /* ] */ && this.depth > 0) this.depth--;
        else if ((c === 44 /* , */ || c === 93) && this.depth === 0) {
          boundary = c;
          break;
        }
      }
      this.take(text, from, i);
      if (boundary < 0) return;
      i++;
      this.finishItem(boundary === 93, out);
      if (boundary === 93) this.phase = 'after';
    }
  }

  private take(text: string, from: number, to: number) {
    this.size += to - from;
    if (!this.skipping && this.size > this.max) {
      this.skipping = true;
      this.item = '';
    }
    if (!this.skipping) this.item += text.slice(from, to);
  }

  private finishItem(closing: boolean, out: RowItem[]) {
    const text = this.item.trim();
    const skipping = this.skipping;
    this.item = '';
    this.size = 0;
    this.skipping = false;
    if (!skipping && text === '') {
      // `[]` (or `[ ]`) is an empty array; any other empty item is a stray comma.
      if (closing && this.count === 0) return;
      this.fail(`is not valid JSON (item ${this.count + 1} is empty: a comma too many)`);
      return;
    }
    const place = { item: ++this.count };
    if (skipping) {
      out.push({ problem: { ...place, field: 'row', reason: tooLong(this.max), skipsRow: true } });
      return;
    }
    const parsed = parseJson(text);
    if (!parsed.ok) return this.fail(`is not valid JSON (item ${place.item}: ${parsed.detail})`);
    if (!isObject(parsed.value))
      out.push({
        problem: { ...place, field: 'row', reason: 'is not a JSON object ({ … })', skipsRow: true },
      });
    else {
      this.file.addColumnsOf(parsed.value, this.seen, out);
      out.push({ row: { ...place, values: parsed.value } });
    }
  }

  end() {
    if (this.file.fatal) return;
    if (this.phase === 'before') return this.fail('is not valid JSON (the file is empty)');
    if (this.phase === 'items')
      return this.fail('is not valid JSON (the array is not closed with ] before the end of the file)');
    if (this.phase === 'notArray') {
      const parsed = this.skipping ? undefined : parseJson(this.item);
      if (parsed && !parsed.ok) return this.fail(parsed.reason);
      this.fail('must be a JSON array of cases ([ { … }, … ])');
    }
  }
}

const isBlank = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

function parseJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; reason: string; detail: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { ok: false, reason: `is not valid JSON (${detail})`, detail };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
