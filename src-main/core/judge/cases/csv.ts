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

/** Quotes a field only when it must be: a comma, a quote, a line break or edge spaces. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record per row, CRLF between them and after the last, as RFC 4180 writes them. */
export function writeCsv(rows: string[][]): string {
  return rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}
