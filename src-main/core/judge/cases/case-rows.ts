import type { CaseFileFormat, RowPlace } from '../../../../src-shared/judge/judge-case-import';
import { parseCsv } from './csv';

/**
 * A file of cases read into rows of named values, whatever its format. CSV values are text;
 * JSONL and JSON values keep their JSON type (a state may be an object or a list there).
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

export interface FileTable {
  format: CaseFileFormat;
  columns: string[];
  rows: FileRow[];
  problems: RowProblem[];
}

export function cell(row: FileRow, column: string): unknown {
  return Object.hasOwn(row.values, column) ? row.values[column] : undefined;
}

export function guessFormat(text: string): CaseFileFormat {
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '[' ? 'json' : first === '{' ? 'jsonl' : 'csv';
}

export function readCaseFile(text: string, format: CaseFileFormat = guessFormat(text)): FileTable {
  if (format === 'csv') return readCsv(text);
  if (format === 'jsonl') return readJsonl(text);
  return readJson(text);
}

function readCsv(text: string): FileTable {
  const records = parseCsv(text);
  const problems: RowProblem[] = [];
  const header = records.shift();
  if (!header) return { format: 'csv', columns: [], rows: [], problems: [noRows('csv')] };
  if (header.problem)
    problems.push({ line: header.line, field: 'header', reason: header.problem, skipsRow: true });
  const columns: string[] = [];
  header.fields.forEach((raw, i) => {
    const name = raw.trim() || `column ${i + 1}`;
    let unique = name;
    for (let k = 2; columns.includes(unique); k++) unique = `${name} (${k})`;
    if (unique !== name)
      problems.push({
        line: header.line,
        field: 'header',
        reason: `column “${name}” appears more than once; this one is read as “${unique}”`,
        skipsRow: false,
      });
    columns.push(unique);
  });
  const rows: FileRow[] = [];
  for (const r of records) {
    if (r.problem) {
      problems.push({ line: r.line, field: 'row', reason: r.problem, skipsRow: true });
      continue;
    }
    if (r.fields.length !== columns.length) {
      problems.push({
        line: r.line,
        field: 'row',
        reason: `has ${r.fields.length} fields; the header has ${columns.length}`,
        skipsRow: true,
      });
      continue;
    }
    const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    columns.forEach((c, i) => (values[c] = r.fields[i]));
    rows.push({ line: r.line, values });
  }
  return { format: 'csv', columns, rows, problems };
}

function readJsonl(text: string): FileTable {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const rows: FileRow[] = [];
  const problems: RowProblem[] = [];
  lines.forEach((raw, i) => {
    const l = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (l.trim() === '') return;
    const place = { line: i + 1 };
    const parsed = parseJson(l);
    if (!parsed.ok) problems.push({ ...place, field: 'row', reason: parsed.reason, skipsRow: true });
    else if (!isObject(parsed.value))
      problems.push({ ...place, field: 'row', reason: 'is not a JSON object ({ … })', skipsRow: true });
    else rows.push({ ...place, values: parsed.value });
  });
  if (rows.length === 0 && problems.length === 0) problems.push(noRows('jsonl'));
  return { format: 'jsonl', columns: columnsOf(rows), rows, problems };
}

function readJson(text: string): FileTable {
  const parsed = parseJson(text.replace(/^\uFEFF/, ''));
  const fail = (reason: string): FileTable => ({
    format: 'json',
    columns: [],
    rows: [],
    problems: [{ field: 'file', reason, skipsRow: true }],
  });
  if (!parsed.ok) return fail(parsed.reason);
  if (!Array.isArray(parsed.value)) return fail('must be a JSON array of cases ([ { … }, … ])');
  const rows: FileRow[] = [];
  const problems: RowProblem[] = [];
  parsed.value.forEach((v: unknown, i) => {
    if (isObject(v)) rows.push({ item: i + 1, values: v });
    else problems.push({ item: i + 1, field: 'row', reason: 'is not a JSON object ({ … })', skipsRow: true });
  });
  if (rows.length === 0 && problems.length === 0) problems.push(noRows('json'));
  return { format: 'json', columns: columnsOf(rows), rows, problems };
}

const noRows = (format: CaseFileFormat): RowProblem => ({
  field: 'file',
  reason: `holds no cases (read as ${format.toUpperCase()})`,
  skipsRow: false,
});

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, reason: `is not valid JSON (${err instanceof Error ? err.message : String(err)})` };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every key of every row, in the order first met. */
function columnsOf(rows: FileRow[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r.values)) seen.add(k);
  return [...seen];
}
