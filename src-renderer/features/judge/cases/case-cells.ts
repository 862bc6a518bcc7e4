import type { ExpectedAnswer } from '../../../../src-shared/judge/case-answers';
import { yesNo } from '../format';
import type { Question } from '../../../../src-shared/judge/question-rules';
import type { StateInput, StateValue } from '../../../../src-shared/judge/state-input';

/** How much of a state a grid cell or preview row keeps: the cell truncates it further by CSS. */
const SUMMARY_CHARS = 240;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const cut = (s: string) => (s.length > SUMMARY_CHARS ? `${s.slice(0, SUMMARY_CHARS - 1)}…` : s);

/**
 * A state on one line: text with its line breaks folded, a list as its items joined by " · "
 * with the count first, a JSON object as compact JSON (its keys say what each part is).
 */
export function stateSummary(state: StateValue): string {
  if (typeof state === 'string') return cut(oneLine(state));
  if (Array.isArray(state)) return cut(`[${state.length}] ${state.map(oneLine).join(' · ')}`);
  return cut(oneLine(JSON.stringify(state)));
}

/** What kind of state a case holds, as the editor's mode. */
export function stateMode(state: StateValue): StateInput['mode'] {
  return typeof state === 'string' ? 'text' : Array.isArray(state) ? 'list' : 'json';
}

/**
 * A saved state as the editor's text, in a form parseState reads back to the same value: a list
 * one item per line unless an item spans lines or is blank (then a JSON array).
 */
export function stateInputOf(state: StateValue): StateInput {
  if (typeof state === 'string') return { mode: 'text', text: state };
  if (Array.isArray(state)) {
    const plain = state.every((s) => s.trim() !== '' && !s.includes('\n') && s === s.trim());
    return { mode: 'list', text: plain ? state.join('\n') : JSON.stringify(state, null, 2) };
  }
  return { mode: 'json', text: JSON.stringify(state, null, 2) };
}

/**
 * A stored expected answer as the grid shows it: a choice's option name, a score's level numbered
 * from 1 (as case files, the results grid and the run's charts number them; stored from 0) with
 * its label, a noul's true/false. An index the set no longer has (the set changed since) is shown
 * as a bare number rather than hidden.
 */
export function expectedText(q: Question, value: ExpectedAnswer | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return yesNo(value);
  if (q.type === 'noul') return String(value);
  if (q.type === 'choice') return q.options[value]?.name ?? `#${value}`;
  const label = q.levels[value];
  return label === undefined ? `#${value + 1}` : `${value + 1} · ${label}`;
}
