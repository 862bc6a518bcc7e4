/**
 * CSV as RFC 4180 has it: comma-separated fields, a field in double quotes may hold commas,
 * line breaks and quotes (written twice), records end with CRLF (LF and a lone CR are read
 * too). A BOM at the start is dropped. Each record keeps the physical line it starts on, so a
 * problem can be shown where the user will look for it in an editor.
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

export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const n = text.length;
  const records: CsvRecord[] = [];
  let i = 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const recordStart = i;
    const fields: string[] = [];
    let problem: string | undefined;
    for (;;) {
      let value = '';
      if (text.charCodeAt(i) === QUOTE) {
        i++;
        let from = i;
        let closed = false;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            if (text.charCodeAt(i + 1) === QUOTE) {
              value += text.slice(from, i + 1);
              i += 2;
              from = i;
              continue;
            }
            value += text.slice(from, i);
            i++;
            closed = true;
            break;
          }
          if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) line++;
          i++;
        }
        if (!closed) {
          value += text.slice(from, i);
          problem ??= `a quoted field opened on line ${startLine} is not closed before the end of the file`;
        } else if (i < n && !endsField(text.charCodeAt(i))) {
          problem ??= 'text follows a closing quote (a quote inside a quoted field is written twice: "")';
          const from2 = i;
          while (i < n && !endsField(text.charCodeAt(i))) i++;
          value += text.slice(from2, i);
        }
      } else {
        // A quote inside an unquoted field is kept as written, as most spreadsheets do.
        const from = i;
        while (i < n && !endsField(text.charCodeAt(i))) i++;
        value = text.slice(from, i);
      }
      fields.push(value);
      if (i >= n) break;
      if (text.charCodeAt(i) === COMMA) {
        i++;
        continue;
      }
      i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      break;
    }
    // An empty line holds no record (a file often ends with one).
    const empty = fields.length === 1 && fields[0] === '' && text.charCodeAt(recordStart) !== QUOTE;
    if (!empty) records.push(problem ? { line: startLine, fields, problem } : { line: startLine, fields });
  }
  return records;
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
