/**
 * CSV as RFC 4180 has it: comma-separated fields, a field in double quotes may hold commas,
 * line breaks and quotes (written twice), records end with CRLF (LF and a lone CR are read
 * too). A BOM at the start is dropped. Each record keeps the physical line it starts on, so a
 * problem can be shown where the user will look for it in an editor.
 *
 * `CsvReader` reads a file in pieces as they arrive (docs/architecture.md, "Judge test cases"):
 * a piece may end anywhere, inside a quoted field, between the two quotes of `""` or between
 * CR and LF, and the records are the same as reading the whole text at once (`parseCsv`).
 */
export interface CsvRecord {
  line: number;
  fields: string[];
  /** Why the record cannot be read as written; its fields are then only a best guess. */
  problem?: string;
}

const COMMA = 44;
const LF = 10;
const CR = 13;
const QUOTE = 34;

const endsField = (c: number) => c === COMMA || c === LF || c === CR;

const S = {
  /** Before a field's first character (a record has begun when `inRecord`). */
  FieldStart: 0,
  Unquoted: 1,
  Quoted: 2,
  /** A quote inside a quoted field: the next character says whether it closed the field. */
  QuotedQuote: 3,
  /** A CR ended a record: an LF right after it belongs to the same line break. */
  RecordCr: 4,
} as const;
type State = (typeof S)[keyof typeof S];

export class CsvReader {
  private state: State = S.FieldStart;
  private atStart = true;
  private line = 1;
  private inRecord = false;
  private recordLine = 1;
  private startsQuoted = false;
  private fields: string[] = [];
  private value = '';
  private problem: string | undefined;
  /** A CR inside quotes counts as a line break unless an LF follows (then the LF counts). */
  private pendingCr = false;
  private size = 0;
  private tooLong = false;

  /**
   * `maxRecordChars` bounds what one record may hold in memory: a longer one is read to its end
   * but kept only as a problem, so an endless line cannot grow without limit.
   */
  constructor(private readonly maxRecordChars = Infinity) {}

  push(piece: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    let text = piece;
    if (this.atStart && text.length > 0) {
      this.atStart = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const n = text.length;
    let i = 0;
    while (i < n) {
      switch (this.state) {
        case S.RecordCr:
          this.state = S.FieldStart;
          if (text.charCodeAt(i) === LF) i++;
          break;
        case S.FieldStart: {
          const c = text.charCodeAt(i);
          if (!this.inRecord) this.begin(c === QUOTE);
          if (c === QUOTE) {
            this.grow(1);
            this.state = S.Quoted;
            i++;
          } else this.state = S.Unquoted;
          break;
        }
        case S.Unquoted: {
          // A quote inside an unquoted field is kept as written, as most spreadsheets do.
          const from = i;
          while (i < n && !endsField(text.charCodeAt(i))) i++;
          this.append(text, from, i);
          if (i < n) i = this.endField(text.charCodeAt(i), i, out);
          break;
        }
        case S.Quoted: {
          const from = i;
          while (i < n) {
            const c = text.charCodeAt(i);
            if (this.pendingCr) {
              this.pendingCr = false;
              if (c !== LF) this.line++;
            }
            if (c === QUOTE) break;
            if (c === LF) this.line++;
            else if (c === CR) this.pendingCr = true;
            i++;
          }
          this.append(text, from, i);
          if (i < n) {
            this.grow(1);
            this.state = S.QuotedQuote;
            i++;
          }
          break;
        }
        case S.QuotedQuote: {
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            this.append('"', 0, 1);
            this.state = S.Quoted;
            i++;
          } else if (endsField(c)) {
            i = this.endField(c, i, out);
          } else {
            this.problem ??=
              'text follows a closing quote (a quote inside a quoted field is written twice: "")';
            this.state = S.Unquoted;
          }
          break;
        }
      }
    }
    return out;
  }

  /** The last record, when the text does not end with a line break. */
  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    switch (this.state) {
      case S.Quoted:
        this.problem ??= `a quoted field opened on line ${this.recordLine} is not closed before the end of the file`;
        this.finish(out);
        break;
      case S.QuotedQuote:
      case S.Unquoted:
        this.finish(out);
        break;
      case S.FieldStart:
        // After a comma at the very end: one more, empty, field.
        if (this.inRecord) this.finish(out);
        break;
      case S.RecordCr:
        break;
    }
    this.state = S.FieldStart;
    this.inRecord = false;
    return out;
  }

  private begin(startsQuoted: boolean) {
    this.inRecord = true;
    this.recordLine = this.line;
    this.startsQuoted = startsQuoted;
    this.fields = [];
    this.value = '';
    this.problem = undefined;
    this.size = 0;
    this.tooLong = false;
  }

  private grow(by: number) {
    this.size += by;
    if (!this.tooLong && this.size > this.maxRecordChars) {
      this.tooLong = true;
      this.fields = [];
      this.value = '';
    }
  }

  private append(text: string, from: number, to: number) {
    if (to <= from) return;
    this.grow(to - from);
    if (!this.tooLong) this.value += text.slice(from, to);
  }

  /** At a comma, CR or LF outside quotes; returns where reading goes on. */
  private endField(c: number, i: number, out: CsvRecord[]): number {
    if (c === COMMA) {
      this.pushValue();
      this.grow(1);
      this.state = S.FieldStart;
      return i + 1;
    }
    this.finish(out);
    this.line++;
    this.state = c === CR ? S.RecordCr : S.FieldStart;
    return i + 1;
  }

  private pushValue() {
    if (!this.tooLong) this.fields.push(this.value);
    this.value = '';
  }

  private finish(out: CsvRecord[]) {
    this.pushValue();
    this.inRecord = false;
    if (this.tooLong) {
      out.push({
        line: this.recordLine,
        fields: [],
        problem: `is longer than ${this.maxRecordChars.toLocaleString('en')} characters, more than a case can hold`,
      });
      return;
    }
    // An empty line holds no record (a file often ends with one).
    const empty = this.fields.length === 1 && this.fields[0] === '' && !this.startsQuoted;
    if (empty) return;
    out.push(
      this.problem
        ? { line: this.recordLine, fields: this.fields, problem: this.problem }
        : { line: this.recordLine, fields: this.fields },
    );
  }
}

export function parseCsv(input: string): CsvRecord[] {
  const reader = new CsvReader();
  return [...reader.push(input), ...reader.end()];
}

/**
 * How a CSV file is written. By default for a spreadsheet: a cell that a spreadsheet would run
 * as a formula is neutralised (neutraliseCell). `raw` writes every cell exactly as it is, for a
 * program that reads the file back (docs/architecture.md, "Exports").
 */
export interface CsvOptions {
  raw?: boolean;
}

/** What a spreadsheet reads as the start of a formula (or strips before one), as OWASP lists. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A plain negative number (`-0.5`, `-12`, `-3e-4`): left as it is, though it starts with `-`.
 * A spreadsheet reads it as the number it is, with nothing to evaluate (an attack needs an
 * operator, a function or a `|` after the sign: `-2+3`, `-cmd|…`, which are not this shape),
 * and a leading `'` would turn a numeric column of the results export (a probability, a noul
 * value) into text that no longer sorts or sums.
 */
const PLAIN_NEGATIVE_NUMBER = /^-(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * OWASP's advice against CSV injection: a cell starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'`, so a spreadsheet shows it as text instead of running it
 * (`=HYPERLINK(…)` that leaks data, `+cmd|…` that starts a program). Plain negative numbers are
 * left as numbers (PLAIN_NEGATIVE_NUMBER).
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * A cell as Gatehouse (or a spreadsheet) neutralised it, read back: a `'` before a formula's
 * first character is dropped, so a default CSV export imports as it was exported. Spreadsheets
 * hide that `'` the same way; a cell that truly began with `'=` loses its `'`.
 */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/**
 * One cell as written: neutralised unless `raw`, then quoted only when it must be (a comma, a
 * quote, a line break or edge spaces). Every CSV Gatehouse writes goes through here.
 */
export function csvField(value: string, options: CsvOptions = {}): string {
  const cell = options.raw ? value : neutraliseCell(value);
  return /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One record per row, CRLF between them and after the last, as RFC 4180 writes them. */
export function writeCsv(rows: string[][], options: CsvOptions = {}): string {
  return rows.map((r) => `${r.map((v) => csvField(v, options)).join(',')}\r\n`).join('');
}
