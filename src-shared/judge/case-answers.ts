import type { Question } from './question-rules';
import { STATE_TEXT_MAX, type StateValue } from './state-input';
import { stateText } from './judge-estimate';

/**
 * The answers a test case expects, and how they are written in a file. Zod-free, so the window
 * can show the same words as main's import.
 *
 * Stored (keyed by question name): a choice's option index, a score's level index (both from
 * 0, like the run's charts), a noul's true or false. In a file they are written as a person
 * reads them in the builder: the option's name, the level's number from 1 ("Level 1" is the
 * lowest), and true or false.
 */
export type ExpectedAnswer = number | boolean;
export type ExpectedAnswers = Record<string, ExpectedAnswer>;

/** A case before it has an id and a place: what add, edit and an import row produce. */
export interface CaseDraft {
  state: StateValue;
  expected: ExpectedAnswers;
  note: string;
}

export const CASES_PER_SET_MAX = 100_000;
export const CASE_NOTE_MAX = 2_000;

type CellRead = { ok: true; value: ExpectedAnswer | undefined } | { ok: false; reason: string };

const shown = (v: unknown) => `'${typeof v === 'string' ? v : JSON.stringify(v)}'`;
const TRUE_WORDS = ['true', 'yes', '1'];
const FALSE_WORDS = ['false', 'no', '0'];

/** A file's cell as the stored answer; an empty cell is no answer (the case does not check it). */
export function readAnswerCell(q: Question, cell: unknown): CellRead {
  if (cell === undefined || cell === null) return { ok: true, value: undefined };
  if (typeof cell !== 'string' && typeof cell !== 'number' && typeof cell !== 'boolean')
    return { ok: false, reason: `${shown(cell)} must be a single value` };
  const text = String(cell).trim();
  if (text === '') return { ok: true, value: undefined };
  if (q.type === 'choice') {
    const names = q.options.map((o) => o.name);
    let index = names.indexOf(text);
    if (index < 0) {
      const folded = names.map((n) => n.toLowerCase());
      const first = folded.indexOf(text.toLowerCase());
      // Two options differing only in case must be written exactly.
      if (first >= 0 && folded.lastIndexOf(text.toLowerCase()) === first) index = first;
    }
    return index >= 0
      ? { ok: true, value: index }
      : { ok: false, reason: `${shown(cell)} is not one of the options ${names.join(', ')}` };
  }
  if (q.type === 'score') {
    const n = Number(text);
    return Number.isInteger(n) && n >= 1 && n <= q.levels.length
      ? { ok: true, value: n - 1 }
      : { ok: false, reason: `${shown(cell)} is not a level from 1 to ${q.levels.length}` };
  }
  const word = text.toLowerCase();
  if (TRUE_WORDS.includes(word)) return { ok: true, value: true };
  if (FALSE_WORDS.includes(word)) return { ok: true, value: false };
  return { ok: false, reason: `${shown(cell)} must be true or false` };
}

/** The stored answer as a file writes it (readAnswerCell reads it back to the same value). */
export function answerCell(q: Question, value: ExpectedAnswer): string | number | boolean {
  if (q.type === 'choice' && typeof value === 'number') return q.options[value]?.name ?? value;
  if (q.type === 'score' && typeof value === 'number') return value + 1;
  return value;
}

/**
 * What is wrong with answers given by index (the add and edit forms), per question name. An
 * answer for a question the set no longer has is refused here; stored cases may still hold
 * one (the set changed since), and they read back.
 */
export function checkExpected(
  questions: Question[],
  expected: ExpectedAnswers,
): { key: string; reason: string }[] {
  const problems: { key: string; reason: string }[] = [];
  for (const [key, value] of Object.entries(expected)) {
    const q = questions.find((x) => x.name === key);
    if (!q) {
      problems.push({ key, reason: 'is not a question of this set' });
      continue;
    }
    if (q.type === 'noul') {
      if (typeof value !== 'boolean')
        problems.push({ key, reason: 'must be true or false (a noul question)' });
      continue;
    }
    const count = q.type === 'choice' ? q.options.length : q.levels.length;
    const what = q.type === 'choice' ? 'an option index' : 'a level index';
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= count)
      problems.push({ key, reason: `must be ${what} from 0 to ${count - 1}` });
  }
  return problems;
}

/** The state's length as the judge is sent it, against the limit of a run's state. */
export function stateTooLong(state: StateValue): string | undefined {
  const length = stateText(state).length;
  return length > STATE_TEXT_MAX
    ? `is ${length.toLocaleString('en')} characters as sent to the judge; the limit is ${STATE_TEXT_MAX.toLocaleString('en')}`
    : undefined;
}
