import type { JudgeAnswer } from './judge-answers';
import type { Question } from './question-rules';

/**
 * Checks a parsed judge answer against its question (docs/architecture.md, "Judge answers
 * checked against their question"). An answer that does not fit is kept as received and flagged
 * with these problems; the metrics count it apart and the charts never draw it as if valid.
 * Plain data, so it is stored with the answer and every language can word it.
 */
export type AnswerProblem =
  /** A number that must be in 0..1 is not (a confidence of 87 sent as a percentage, say). */
  | { code: 'outOfRange'; field: 'confidence' | 'noul' | 'probability'; value: number; of?: string }
  /** A field that must be a number is something else ("high", "NaN", an object). */
  | { code: 'notANumber'; field: 'confidence' | 'noul' | 'probability' | 'score'; raw: string; of?: string }
  /** The probabilities of one answer do not add up to 1. */
  | { code: 'sumOff'; sum: number }
  /** The choice names an option the question does not have. */
  | { code: 'unknownChoice'; choice: string }
  /** A probability was given for an option the question does not have. */
  | { code: 'unknownOption'; option: string }
  /** The score is not on the question's scale (low..high, as the score numbers its levels). */
  | { code: 'unknownLevel'; score: number; low: number; high: number }
  /** The answer is of another type than the question asks. */
  | { code: 'wrongType'; type: string; expected: string };

/** How far the probabilities may sum from 1 before the answer is flagged (rounding in transit). */
export const SUM_TOLERANCE = 0.02;

const inUnit = (v: number) => v >= 0 && v <= 1;
/** Rounded for the message only; the stored value is the one received. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;

function probabilityProblems(bars: readonly { label: string; probability?: number }[]): AnswerProblem[] {
  const out: AnswerProblem[] = [];
  for (const b of bars) {
    if (b.probability !== undefined && !inUnit(b.probability))
      out.push({ code: 'outOfRange', field: 'probability', value: b.probability, of: b.label });
  }
  const known = bars.filter((b) => b.probability !== undefined);
  if (known.length > 0 && out.length === 0) {
    const sum = known.reduce((s, b) => s + (b.probability as number), 0);
    if (Math.abs(sum - 1) > SUM_TOLERANCE) out.push({ code: 'sumOff', sum: round(sum) });
  }
  return out;
}

function confidenceProblems(confidence: number | undefined): AnswerProblem[] {
  return confidence !== undefined && !inUnit(confidence)
    ? [{ code: 'outOfRange', field: 'confidence', value: confidence }]
    : [];
}

/**
 * What is wrong with an answer's numbers and names, read from the parsed answer alone (so a run
 * stored before answers were checked is checked the same way when it is read). Values that were
 * not numbers at all are only known while parsing; `parseJudgeResponse` adds those.
 */
export function checkAnswer(a: JudgeAnswer, q: Question | undefined): AnswerProblem[] {
  if (a.kind === 'missing' || a.kind === 'unreadable') return [];
  if (q && q.type !== a.kind) return [{ code: 'wrongType', type: a.kind, expected: q.type }];
  if (a.kind === 'noul') {
    const out: AnswerProblem[] = [];
    if (a.noul !== undefined && !inUnit(a.noul))
      out.push({ code: 'outOfRange', field: 'noul', value: a.noul });
    return [...out, ...confidenceProblems(a.confidence)];
  }
  if (a.kind === 'choice') {
    const names = q?.type === 'choice' ? q.options.map((o) => o.name) : undefined;
    const out: AnswerProblem[] = [];
    if (names && a.choice !== undefined && !names.includes(a.choice))
      out.push({ code: 'unknownChoice', choice: a.choice });
    if (names) {
      for (const o of a.options)
        if (!names.includes(o.name) && o.probability !== undefined)
          out.push({ code: 'unknownOption', option: o.name });
    }
    out.push(...probabilityProblems(a.options.map((o) => ({ label: o.name, probability: o.probability }))));
    return [...out, ...confidenceProblems(a.confidence)];
  }
  const out: AnswerProblem[] = [];
  const n = a.levels.length;
  if (a.position !== undefined && (a.position < 0 || a.position > n - 1) && a.score !== undefined)
    out.push({ code: 'unknownLevel', score: a.score, low: a.base, high: n - 1 + a.base });
  out.push(...probabilityProblems(a.levels.map((l) => ({ label: l.label, probability: l.probability }))));
  return [...out, ...confidenceProblems(a.confidence)];
}

/** The problems stored with the answer, or (for a run stored before answers were checked) found now. */
export function answerProblems(a: JudgeAnswer, q: Question | undefined): AnswerProblem[] {
  return a.kind === 'missing' || a.kind === 'unreadable' ? [] : (a.problems ?? checkAnswer(a, q));
}

/** One problem in plain English words, for files and logs; the window words it in its language. */
export function problemText(p: AnswerProblem): string {
  switch (p.code) {
    case 'outOfRange':
      return p.of === undefined
        ? `${p.field} ${p.value} is outside 0–1`
        : `${p.field} ${p.value} of “${p.of}” is outside 0–1`;
    case 'notANumber':
      return p.of === undefined
        ? `${p.field} ${p.raw} is not a number`
        : `${p.field} ${p.raw} of “${p.of}” is not a number`;
    case 'sumOff':
      return `probabilities sum to ${p.sum}, not 1`;
    case 'unknownChoice':
      return `choice “${p.choice}” is not an option of the question`;
    case 'unknownOption':
      return `a probability is given for “${p.option}”, which is not an option of the question`;
    case 'unknownLevel':
      return `score ${p.score} is not a level of the question (${p.low}–${p.high})`;
    case 'wrongType':
      return `a ${p.type} answer to a ${p.expected} question`;
  }
}
