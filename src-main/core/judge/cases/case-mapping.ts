import { nestedDeeperThan, TOO_DEEP } from '../../../../src-shared/json-depth';
import {
  type CaseDraft,
  CASE_NOTE_MAX,
  type ExpectedAnswers,
  readAnswerCell,
  stateTooLong,
} from '../../../../src-shared/judge/case-answers';
import {
  type CaseImportProblem,
  type CaseMapping,
  placeText,
  type RowPlace,
} from '../../../../src-shared/judge/judge-case-import';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { parseState, type StateMode, type StateValue } from '../../../../src-shared/judge/state-input';
import { invalidInput } from '../../../../src-shared/result';
import { cell, type FileRow } from './case-rows';

/** Column names the export writes, and the ones a file is most likely to use for them. */
export const STATE_COLUMN = 'state';
export const STATE_TYPE_COLUMN = 'state_type';
export const NOTE_COLUMN = 'note';
const STATE_NAMES = [STATE_COLUMN, 'text', 'input', 'content', 'reply', 'message'];
const STATE_TYPE_NAMES = [STATE_TYPE_COLUMN, 'state type', 'statetype', 'state_kind'];
const NOTE_NAMES = [NOTE_COLUMN, 'notes', 'comment'];
export const RESERVED_COLUMNS = [STATE_COLUMN, STATE_TYPE_COLUMN, NOTE_COLUMN];

const fold = (s: string) => s.trim().toLowerCase();

/** The column an export writes a question's answers under: its name, unless that is taken. */
export function answerColumn(q: Question): string {
  return RESERVED_COLUMNS.includes(q.name.toLowerCase()) ? `expected.${q.name}` : q.name;
}

/**
 * A first guess the user can change: the state, its type and the note by their usual names;
 * each question by its name (bare or as `expected.<name>` / `expected_<name>`) or by its
 * instructions, any case. A column is used once. Null when the file has no columns.
 */
export function proposeMapping(columns: string[], questions: Question[]): CaseMapping | null {
  if (columns.length === 0) return null;
  const used = new Set<string>();
  const find = (names: string[]) => {
    for (const n of names) {
      const c = columns.find((col) => !used.has(col) && fold(col) === n);
      if (c !== undefined) return (used.add(c), c);
    }
    return null;
  };
  const stateType = find(STATE_TYPE_NAMES);
  const note = find(NOTE_NAMES);
  // A question named like a reserved column is written `expected.<name>`, so those go first.
  const expected: CaseMapping['expected'] = [];
  const byQuestion = new Map<string, string>();
  for (const q of questions) {
    const c = find([`expected.${fold(q.name)}`, `expected_${fold(q.name)}`]);
    if (c !== null) byQuestion.set(q.name, c);
  }
  let state = find(STATE_NAMES);
  for (const q of questions) {
    if (byQuestion.has(q.name)) continue;
    const c = find([fold(q.name), fold(q.instructions)].filter((s) => s !== ''));
    if (c !== null) byQuestion.set(q.name, c);
  }
  for (const q of questions) {
    const c = byQuestion.get(q.name);
    if (c !== undefined) expected.push({ column: c, question: q.name });
  }
  state ??= columns.find((c) => !used.has(c)) ?? columns[0];
  return { state, stateType, expected, note };
}

/** Refuses a mapping that names a column the file lacks or a question the set lacks. */
export function checkMapping(mapping: CaseMapping, columns: string[], questions: Question[]): void {
  const listed = columns.length > 0 ? columns.map((c) => `“${c}”`).join(', ') : 'none';
  const need = (column: string, path: string) => {
    if (!columns.includes(column))
      throw invalidInput(path, `column “${column}” is not in the file (its columns: ${listed})`);
  };
  need(mapping.state, 'mapping.state');
  if (mapping.stateType !== null) need(mapping.stateType, 'mapping.stateType');
  if (mapping.note !== null) need(mapping.note, 'mapping.note');
  const seen = new Set<string>();
  mapping.expected.forEach((e, i) => {
    need(e.column, `mapping.expected[${i}].column`);
    if (!questions.some((q) => q.name === e.question))
      throw invalidInput(`mapping.expected[${i}].question`, `“${e.question}” is not a question of this set`);
    if (seen.has(e.question))
      throw invalidInput(`mapping.expected[${i}].question`, `“${e.question}” is mapped to two columns`);
    seen.add(e.question);
  });
}

export type MappedRow =
  | { ok: true; place: RowPlace; draft: CaseDraft }
  | { ok: false; place: RowPlace; problems: CaseImportProblem[] };

export function problem(place: RowPlace, field: string, reason: string): CaseImportProblem {
  return { ...place, field, reason, message: `${placeText(place)}, ${field}: ${reason}` };
}

/** One file row as a case, or every reason it cannot be one. */
export function mapRow(row: FileRow, mapping: CaseMapping, questions: Question[]): MappedRow {
  const place: RowPlace = row.line !== undefined ? { line: row.line } : { item: row.item };
  const problems: CaseImportProblem[] = [];
  const state = readState(
    cell(row, mapping.state),
    mapping.stateType === null ? undefined : cell(row, mapping.stateType),
  );
  if (!state.ok) problems.push(problem(place, state.field, state.reason));

  const expected: ExpectedAnswers = {};
  for (const { column, question } of mapping.expected) {
    const q = questions.find((x) => x.name === question);
    if (!q) continue; // checkMapping has refused this already
    const read = readAnswerCell(q, cell(row, column));
    if (!read.ok) problems.push(problem(place, `expected \`${question}\``, read.reason));
    else if (read.value !== undefined) expected[question] = read.value;
  }

  let note = '';
  if (mapping.note !== null) {
    const v = cell(row, mapping.note);
    if (v !== undefined && v !== null) {
      note = typeof v === 'string' ? v : JSON.stringify(v);
      if (note.length > CASE_NOTE_MAX)
        problems.push(
          problem(place, 'note', `must be at most ${CASE_NOTE_MAX.toLocaleString('en')} characters`),
        );
    }
  }
  if (problems.length > 0 || !state.ok) return { ok: false, place, problems };
  return { ok: true, place, draft: { state: state.value, expected, note } };
}

type StateRead = { ok: true; value: StateValue } | { ok: false; field: string; reason: string };

/**
 * The state cell, read by its type when the file gives one: text stays text, `json` and `list`
 * are parsed like the run's state box. Without a type, a JSON value keeps its own (a string is
 * text, an array a list, an object a JSON state), so a CSV's cell is always text.
 */
export function readState(value: unknown, type: unknown): StateRead {
  const bad = (reason: string): StateRead => ({ ok: false, field: 'state', reason });
  let mode: StateMode | undefined;
  if (type !== undefined && type !== null && String(type).trim() !== '') {
    const t = fold(String(type));
    if (t !== 'text' && t !== 'json' && t !== 'list')
      return { ok: false, field: 'state type', reason: `'${String(type)}' must be text, json or list` };
    mode = t;
  }
  let state: StateValue;
  if (value === undefined || value === null || value === '') return bad('is empty');
  if (typeof value === 'string') {
    if (mode === undefined || mode === 'text') {
      if (value.trim() === '') return bad('is empty');
      state = value;
    } else {
      const parsed = parseState({ mode, text: value });
      if (!parsed.ok) return bad(parsed.message);
      state = parsed.value;
    }
  } else if (Array.isArray(value)) {
    if (mode === 'text' || mode === 'json') return bad(`is a list, but its type says ${mode}`);
    const at = value.findIndex((v) => typeof v !== 'string');
    if (at >= 0) return bad(`item ${at + 1} must be a text (every item of the list is text)`);
    if (value.length === 0) return bad('needs at least one text');
    state = value as string[];
  } else if (typeof value === 'object') {
    if (mode === 'text' || mode === 'list') return bad(`is a JSON object, but its type says ${mode}`);
    state = value as Record<string, unknown>;
  } else {
    return bad(`${JSON.stringify(value)} must be a text, a list of texts or a JSON object`);
  }
  // Measuring the state walks it by recursion: a state nested too deep is refused first, by row.
  if (nestedDeeperThan(state)) return bad(`is ${TOO_DEEP}`);
  const tooLong = stateTooLong(state);
  return tooLong ? bad(tooLong) : { ok: true, value: state };
}
