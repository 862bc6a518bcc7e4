import { nestedDeeperThan, TOO_DEEP } from '../../../src-shared/json-depth';
import { type CaseImportProblem, type RowPlace } from '../../../src-shared/judge/judge-case-import';
import type { DatasetRow } from '../../../src-shared/evals/fill-template';
import { COLUMNS_MAX, REPLY_VARIABLE } from '../../../src-shared/evals/eval-limits';
import { type EvalRowsMapping, ROW_VALUE_MAX } from '../../../src-shared/evals/eval-rows-import';
import { VARIABLE_NAME } from '../../../src-shared/chat/prompt-variables';
import { invalidInput } from '../../../src-shared/result';
import { cell, type FileRow } from '../judge/cases/case-rows';
import { problem } from '../judge/cases/case-mapping';

/**
 * Which column of a dataset file is what (docs/architecture.md, "Evals"): every
 * column a variable of the row, by a name a `{{placeholder}}` can use, except the expected one.
 */

/** Names a file most likely gives the expected value. */
const EXPECTED_NAMES = [
  'expected',
  'expected_output',
  'expected output',
  'answer',
  'reference',
  'ideal',
  'gold',
];

const fold = (s: string) => s.trim().toLowerCase();

/** A file's column as a variable name: `Customer name` → `Customer_name`, never `reply`. */
export function variableNameOf(column: string, taken: Set<string>): string {
  let name = column.trim().replace(/[^\w.-]+/g, '_');
  if (!/^[A-Za-z_]/.test(name)) name = `_${name}`;
  name = name.slice(0, 60);
  if (name === REPLY_VARIABLE) name = `${REPLY_VARIABLE}_`;
  let unique = name;
  for (let i = 2; taken.has(unique); i++) unique = `${name}_${i}`;
  taken.add(unique);
  return VARIABLE_NAME.test(unique) ? unique : `_${taken.size}`;
}

/** A first guess the user can change; null when the file has no columns. */
export function proposeRowsMapping(columns: string[]): EvalRowsMapping | null {
  if (columns.length === 0) return null;
  const taken = new Set<string>();
  const expectedColumn = EXPECTED_NAMES.map((n) => columns.find((c) => fold(c) === n)).find(
    (c) => c !== undefined,
  );
  const variables = columns
    .filter((c) => c !== expectedColumn)
    .slice(0, COLUMNS_MAX)
    .map((column) => ({ column, name: variableNameOf(column, taken) }));
  // A file whose only column looks like the expected value still needs a variable.
  if (variables.length === 0)
    return { variables: [{ column: columns[0], name: variableNameOf(columns[0], taken) }], expected: null };
  return {
    variables,
    expected:
      expectedColumn === undefined
        ? null
        : { column: expectedColumn, name: variableNameOf(expectedColumn, taken) },
  };
}

/** Refuses a mapping that names a column the file lacks, or gives two values one name. */
export function checkRowsMapping(mapping: EvalRowsMapping, columns: string[]): void {
  const listed = columns.length > 0 ? columns.map((c) => `“${c}”`).join(', ') : 'none';
  const need = (column: string, path: string) => {
    if (!columns.includes(column))
      throw invalidInput(path, `column “${column}” is not in the file (its columns: ${listed})`);
  };
  const names = new Set<string>();
  mapping.variables.forEach((v, i) => {
    need(v.column, `mapping.variables.${i}.column`);
    if (names.has(v.name)) throw invalidInput(`mapping.variables.${i}.name`, `repeats the name “${v.name}”`);
    names.add(v.name);
  });
  if (mapping.expected) {
    need(mapping.expected.column, 'mapping.expected.column');
    if (names.has(mapping.expected.name))
      throw invalidInput(
        'mapping.expected.name',
        `“${mapping.expected.name}” is a variable's name: the expected value is kept out of the prompt`,
      );
  }
}

export type MappedDatasetRow =
  | { ok: true; place: RowPlace; row: DatasetRow }
  | { ok: false; place: RowPlace; problems: CaseImportProblem[] };

type ValueRead = { ok: true; text: string | undefined } | { ok: false; reason: string };

/**
 * A cell as a row value: text as it is, a number or true/false as written, a JSON object or
 * list as its JSON; a cell the row lacks is undefined (null and an empty CSV cell are '').
 */
function readValue(value: unknown): ValueRead {
  if (value === undefined) return { ok: true, text: undefined };
  let text: string;
  if (value === null) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (nestedDeeperThan(value)) return { ok: false, reason: `is ${TOO_DEEP}` };
  else text = JSON.stringify(value);
  if (text.length > ROW_VALUE_MAX)
    return { ok: false, reason: `must be at most ${ROW_VALUE_MAX.toLocaleString('en')} characters` };
  return { ok: true, text };
}

/** One file row as a dataset row, or every reason it cannot be one. */
export function mapDatasetRow(row: FileRow, mapping: EvalRowsMapping): MappedDatasetRow {
  const place: RowPlace = row.line !== undefined ? { line: row.line } : { item: row.item };
  const problems: CaseImportProblem[] = [];
  // Entries, not assignment: a variable may be named `__proto__`.
  const entries: [string, string][] = [];
  for (const { column, name } of mapping.variables) {
    const read = readValue(cell(row, column));
    if (!read.ok) problems.push(problem(place, `column \`${column}\``, read.reason));
    else if (read.text === undefined) problems.push(problem(place, `column \`${column}\``, 'is missing'));
    else entries.push([name, read.text]);
  }
  let expected: string | undefined;
  if (mapping.expected) {
    const read = readValue(cell(row, mapping.expected.column));
    if (!read.ok) problems.push(problem(place, `expected \`${mapping.expected.column}\``, read.reason));
    // A row without an expected value is still a row: the value is optional per row.
    else if (read.text) expected = read.text;
  }
  if (problems.length > 0) return { ok: false, place, problems };
  const variables = Object.fromEntries(entries);
  return { ok: true, place, row: expected === undefined ? { variables } : { variables, expected } };
}
