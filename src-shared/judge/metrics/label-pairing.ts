import { answerProblems } from '../answer-check';
import type { JudgeAnswer } from '../judge-answers';
import type { Question } from '../question-rules';
import type { AnsweredCase, BinaryCase, ChoiceCase, ScoreCase } from './metric-types';

/** A human label: an option name (choice), a zero-based level (score), true or false (noul). */
export type Label = string | number | boolean;

/** One case of a run: its parsed answers, or none when the run failed, and its labels by question name. */
export interface LabelledRunCase {
  id: string;
  answers: readonly JudgeAnswer[] | undefined;
  labels: Readonly<Record<string, Label | undefined>>;
}

/**
 * What happened to every case, so the window can say "n of N cases used". A left-out case is
 * counted once, under the first of: invalidAnswer (an answer that does not fit its question,
 * answer-check.ts: kept as received, never read as valid, labelled or not), unlabelled (no label
 * for this question), failed (the run has no answers), unanswered (no usable answer to this
 * question), invalidLabel (a label that is not an option, a level or a boolean as the question
 * needs).
 */
export interface Coverage {
  total: number;
  used: number;
  invalidAnswer: number;
  unlabelled: number;
  failed: number;
  unanswered: number;
  invalidLabel: number;
}

interface Paired<C extends { expected: unknown }> {
  question: string;
  /** Labelled and answered: what the metrics take, with each case's id. */
  cases: (C & { id: string })[];
  /** Every answered case, labelled or not (a bad label reads as none): what the drift helpers take. */
  answered: AnsweredCase<C>[];
  coverage: Coverage;
}

export type PairedNoul = Paired<BinaryCase> & { type: 'noul' };
export type PairedChoice = Paired<ChoiceCase> & { type: 'choice'; options: string[] };
export type PairedScore = Paired<ScoreCase> & { type: 'score'; levelCount: number };
export type PairedQuestion = PairedNoul | PairedChoice | PairedScore;

const isProbability = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1;

/**
 * A probability vector from the numbers the gateway sent. A missing number reads as 0 (the
 * metrics renormalise); an answer with no number at all, or one outside [0, 1], is unusable.
 */
function vector(values: readonly (number | undefined)[]): number[] | undefined {
  if (values.every((v) => v === undefined)) return undefined;
  if (values.some((v) => v !== undefined && !isProbability(v))) return undefined;
  return values.map((v) => v ?? 0);
}

function pairCases<C extends { expected: unknown }>(
  question: Question,
  runCases: readonly LabelledRunCase[],
  readAnswer: (a: JudgeAnswer) => Omit<C, 'expected'> | undefined,
  readLabel: (l: Label) => C['expected'] | undefined,
  withLabel: (answer: Omit<C, 'expected'>, expected: C['expected']) => C,
): Paired<C> {
  const coverage: Coverage = {
    total: runCases.length,
    used: 0,
    invalidAnswer: 0,
    unlabelled: 0,
    failed: 0,
    unanswered: 0,
    invalidLabel: 0,
  };
  const cases: (C & { id: string })[] = [];
  const answered: AnsweredCase<C>[] = [];
  for (const rc of runCases) {
    // Own properties only: a question named like an Object.prototype member must not read one.
    const label = Object.hasOwn(rc.labels, question.name) ? rc.labels[question.name] : undefined;
    const expected = label === undefined ? undefined : readLabel(label);
    const raw = rc.answers?.find((a) => a.name === question.name);
    const invalid = raw !== undefined && answerProblems(raw, question).length > 0;
    const answer = raw && !invalid ? readAnswer(raw) : undefined;
    if (answer) answered.push({ ...answer, id: rc.id, expected });
    if (invalid) coverage.invalidAnswer++;
    else if (label === undefined) coverage.unlabelled++;
    else if (!rc.answers) coverage.failed++;
    else if (!answer) coverage.unanswered++;
    else if (expected === undefined) coverage.invalidLabel++;
    else {
      coverage.used++;
      cases.push({ ...withLabel(answer, expected), id: rc.id });
    }
  }
  return { question: question.name, cases, answered, coverage };
}

export function pairNoul(question: Question, runCases: readonly LabelledRunCase[]): PairedNoul {
  const paired = pairCases<BinaryCase>(
    question,
    runCases,
    (a) => (a.kind === 'noul' && a.noul !== undefined && isProbability(a.noul) ? { p: a.noul } : undefined),
    (l) => (typeof l === 'boolean' ? l : undefined),
    (a, expected) => ({ p: a.p, expected }),
  );
  return { type: 'noul', ...paired };
}

/**
 * Choice probabilities are read in the order of the question's options; probability the gateway
 * put on a name that is not an option of the question is dropped (the rest is renormalised).
 */
export function pairChoice(question: Question, runCases: readonly LabelledRunCase[]): PairedChoice {
  const options = question.options.map((o) => o.name);
  const paired = pairCases<ChoiceCase>(
    question,
    runCases,
    (a) => {
      if (a.kind !== 'choice') return undefined;
      const probabilities = vector(options.map((n) => a.options.find((o) => o.name === n)?.probability));
      return probabilities && { probabilities, confidence: a.confidence };
    },
    (l) => (typeof l === 'string' && options.includes(l) ? options.indexOf(l) : undefined),
    (a, expected) => ({ ...a, expected }),
  );
  return { type: 'choice', options, ...paired };
}

/**
 * Score probabilities by zero-based level. An answer with a score but no per-level probabilities
 * counts as unanswered: argmax, expected value and calibration all need the probabilities.
 */
export function pairScore(question: Question, runCases: readonly LabelledRunCase[]): PairedScore {
  const levelCount = question.levels.length;
  const paired = pairCases<ScoreCase>(
    question,
    runCases,
    (a) => {
      if (a.kind !== 'score') return undefined;
      const probabilities = vector(Array.from({ length: levelCount }, (_, i) => a.levels[i]?.probability));
      return probabilities && { probabilities, confidence: a.confidence };
    },
    (l) => (typeof l === 'number' && Number.isInteger(l) && l >= 0 && l < levelCount ? l : undefined),
    (a, expected) => ({ ...a, expected }),
  );
  return { type: 'score', levelCount, ...paired };
}

/** Pairs one question's answers with its labels across a run's cases, by the question's type. */
export function pairQuestion(question: Question, runCases: readonly LabelledRunCase[]): PairedQuestion {
  if (question.type === 'choice') return pairChoice(question, runCases);
  if (question.type === 'score') return pairScore(question, runCases);
  return pairNoul(question, runCases);
}
