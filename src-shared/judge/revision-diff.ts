import type { ChoiceOption, Question, QuestionType } from './question-rules';
import type { SetTuning } from './set-tuning';

/**
 * What changed between two revisions of a question set (docs/architecture.md, "Set revisions").
 * Questions are matched by name: a question has no other stable id, and a name is unique within a
 * set (question-rules.ts), so a renamed question shows as one removed and one added. Only the
 * fields of a question's type are compared (a choice question's hidden levels are not its content).
 * Pure, so the window computes it from two revisions it already fetched.
 */
export interface RevisionSide {
  revision: number;
  questions: readonly Question[];
  tuning?: SetTuning;
}

/** A word-level diff: runs of text kept, removed (only in A) or added (only in B). */
export interface TextPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

export interface ListChange {
  /** The option's name, or the level's position from 0. */
  key: string;
  kind: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
}

export interface QuestionChange {
  name: string;
  type?: { before: QuestionType; after: QuestionType };
  /** Set when the instructions (the criteria text) differ. */
  instructions?: TextPart[];
  options?: ListChange[];
  levels?: ListChange[];
  /** A noul question's threshold; undefined is "not tuned" (the default is used). */
  threshold?: { before: number | undefined; after: number | undefined };
}

export interface MinimumChange {
  key: 'accuracy' | 'auc';
  before: number | undefined;
  after: number | undefined;
}

export interface RevisionDiff {
  a: number;
  b: number;
  added: Question[];
  removed: Question[];
  changed: QuestionChange[];
  /** Names of questions in both with nothing changed. */
  unchanged: string[];
  minimums: MinimumChange[];
}

export function isEmptyDiff(d: RevisionDiff): boolean {
  return d.added.length + d.removed.length + d.changed.length + d.minimums.length === 0;
}

/** Whitespace stays attached as its own token, so joining the parts gives back the text. */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/**
 * A word diff by longest common subsequence. Instructions are at most INSTRUCTIONS_MAX
 * characters, so the table stays small; common head and tail are trimmed first.
 */
export function diffWords(before: string, after: string): TextPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const lcs: number[][] = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const parts: TextPart[] = [];
  const push = (kind: TextPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  if (head > 0) push('same', a.slice(0, head).join(''));
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      push('same', x[i]);
      i++;
      j++;
    } else if (j < y.length && (i === x.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      push('added', y[j++]);
    } else {
      push('removed', x[i++]);
    }
  }
  if (tail > 0) push('same', a.slice(a.length - tail).join(''));
  return parts;
}

function diffOptions(before: readonly ChoiceOption[], after: readonly ChoiceOption[]): ListChange[] {
  const out: ListChange[] = [];
  const inB = new Map(after.map((o) => [o.name, o.description]));
  const inA = new Map(before.map((o) => [o.name, o.description]));
  for (const o of before) {
    const b = inB.get(o.name);
    if (b === undefined) out.push({ key: o.name, kind: 'removed', before: o.description });
    else if (b !== o.description) out.push({ key: o.name, kind: 'changed', before: o.description, after: b });
  }
  for (const o of after) if (!inA.has(o.name)) out.push({ key: o.name, kind: 'added', after: o.description });
  return out;
}

/** Levels are positional: level 0 is the lowest score, whatever its words. */
function diffLevels(before: readonly string[], after: readonly string[]): ListChange[] {
  const out: ListChange[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const key = String(i);
    if (i >= after.length) out.push({ key, kind: 'removed', before: before[i] });
    else if (i >= before.length) out.push({ key, kind: 'added', after: after[i] });
    else if (before[i] !== after[i]) out.push({ key, kind: 'changed', before: before[i], after: after[i] });
  }
  return out;
}

function diffQuestion(
  qa: Question,
  qb: Question,
  ta?: SetTuning,
  tb?: SetTuning,
): QuestionChange | undefined {
  const change: QuestionChange = { name: qa.name };
  if (qa.type !== qb.type) change.type = { before: qa.type, after: qb.type };
  if (qa.instructions !== qb.instructions) change.instructions = diffWords(qa.instructions, qb.instructions);
  const optionsA = qa.type === 'choice' ? qa.options : [];
  const optionsB = qb.type === 'choice' ? qb.options : [];
  const options = diffOptions(optionsA, optionsB);
  if (options.length) change.options = options;
  const levels = diffLevels(qa.type === 'score' ? qa.levels : [], qb.type === 'score' ? qb.levels : []);
  if (levels.length) change.levels = levels;
  const thA = qa.type === 'noul' ? ta?.thresholds[qa.name] : undefined;
  const thB = qb.type === 'noul' ? tb?.thresholds[qb.name] : undefined;
  if (thA !== thB) change.threshold = { before: thA, after: thB };
  return Object.keys(change).length > 1 ? change : undefined;
}

export function diffRevisions(a: RevisionSide, b: RevisionSide): RevisionDiff {
  const byNameB = new Map(b.questions.map((q) => [q.name, q]));
  const namesA = new Set(a.questions.map((q) => q.name));
  const changed: QuestionChange[] = [];
  const unchanged: string[] = [];
  const removed: Question[] = [];
  for (const qa of a.questions) {
    const qb = byNameB.get(qa.name);
    if (!qb) {
      removed.push(qa);
      continue;
    }
    const change = diffQuestion(qa, qb, a.tuning, b.tuning);
    if (change) changed.push(change);
    else unchanged.push(qa.name);
  }
  const added = b.questions.filter((q) => !namesA.has(q.name));
  const minimums: MinimumChange[] = [];
  for (const key of ['accuracy', 'auc'] as const) {
    const before = a.tuning?.minimums[key];
    const after = b.tuning?.minimums[key];
    if (before !== after) minimums.push({ key, before, after });
  }
  return { a: a.revision, b: b.revision, added, removed, changed, unchanged, minimums };
}
