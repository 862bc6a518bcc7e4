import { type AnswerProblem, answerProblems } from './answer-check';
import type { ChoiceBar, JudgeAnswer } from './judge-answers';
import type { Label } from './metrics/label-pairing';
import type { Question } from './question-rules';
import { noulVerdict } from './set-tuning';

/**
 * One case of a batch run read against its labels, for the results grid (docs/architecture.md,
 * "Batch runs view"). Every question's answer is read the way the accuracy metrics read it:
 * choice → the most probable option, score → the most probable level, noul → its verdict at the
 * threshold in force. The answer *disagrees* when a label exists and the reading differs from it.
 *
 * *Confidence* is one number per answer on the scale of a top probability:
 * - choice and score: the probability of the most probable option / level;
 * - noul: 0.5 + 0.5 × how far the value sits from the threshold, as a share of the room on
 *   that side (value 0.8 at threshold 0.5 → 0.8; at the threshold → 0.5; at 0 or 1 → 1), so at
 *   the default threshold it is the probability of the verdict, like a two-option choice.
 * A case's confidence is the lowest of its answers' (its weakest answer), undefined without any.
 *
 * An answer that does not fit its question (answer-check.ts) is not read at all: its cell carries
 * the problems instead, never disagrees and has no confidence.
 */
export type GradeCell =
  | {
      type: 'choice';
      question: string;
      /** The most probable option (the gateway's `choice` when it sent no probabilities). */
      answer?: string;
      probability?: number;
      expected?: string;
      disagrees: boolean;
      confidence?: number;
    }
  | {
      type: 'score';
      question: string;
      /** Zero-based, the most probable level (the rounded score without probabilities). */
      answer?: number;
      /** By level, zero-based; null where the gateway sent no number. */
      probabilities: (number | null)[];
      expected?: number;
      disagrees: boolean;
      confidence?: number;
    }
  | {
      type: 'noul';
      question: string;
      value?: number;
      threshold: number;
      verdict?: boolean;
      expected?: boolean;
      disagrees: boolean;
      confidence?: number;
    };

/** Every cell has `problems` when its answer does not fit the question; then it holds no reading. */
export type FlaggedGradeCell = GradeCell & { problems?: AnswerProblem[] };

export interface CaseGrade {
  cells: FlaggedGradeCell[];
  /** How many questions disagree with their label. */
  disagreements: number;
  confidence?: number;
}

const isProbability = (p: number | undefined): p is number =>
  p !== undefined && Number.isFinite(p) && p >= 0 && p <= 1;

/** The index of the largest known probability (the first on a tie); -1 when none is known. */
function topIndex(probabilities: readonly (number | undefined)[]): number {
  let best = -1;
  probabilities.forEach((p, i) => {
    if (isProbability(p) && (best < 0 || p > (probabilities[best] as number))) best = i;
  });
  return best;
}

/** 0.5 at the threshold, 1 at 0 or 1: see the module comment. */
export function noulConfidence(value: number, threshold: number): number {
  const room = value >= threshold ? 1 - threshold : threshold;
  if (room <= 0) return 1;
  return 0.5 + (0.5 * Math.abs(value - threshold)) / room;
}

/**
 * A choice answer as the metrics read it: the most probable option (the gateway's `choice` only
 * when it sent no probabilities), with that option's probability. The results grid and the
 * results export both read it here, so a file never contradicts the grid.
 */
export function readChoice(a: JudgeAnswer | undefined): {
  option: string | undefined;
  probability: number | undefined;
} {
  const options: readonly ChoiceBar[] = a?.kind === 'choice' ? a.options : [];
  const top = topIndex(options.map((o) => o.probability));
  const option = top >= 0 ? options[top].name : a?.kind === 'choice' ? a.choice : undefined;
  const probability = options.find((o) => o.name === option)?.probability;
  return { option, probability: isProbability(probability) ? probability : undefined };
}

function choiceCell(q: Question, a: JudgeAnswer | undefined, label: Label | undefined): GradeCell {
  const { option: answer, probability } = readChoice(a);
  const expected = typeof label === 'string' ? label : undefined;
  return {
    type: 'choice',
    question: q.name,
    answer,
    probability,
    expected,
    disagrees: answer !== undefined && expected !== undefined && answer !== expected,
    // The top probability, when there are any: the sent choice alone says nothing of confidence.
    confidence: probability,
  };
}

function scoreCell(q: Question, a: JudgeAnswer | undefined, label: Label | undefined): GradeCell {
  const levels = a?.kind === 'score' ? a.levels : [];
  const probabilities = levels.map((l) => (isProbability(l.probability) ? l.probability : null));
  const top = topIndex(levels.map((l) => l.probability));
  let answer: number | undefined;
  if (top >= 0) answer = top;
  else if (a?.kind === 'score' && a.position !== undefined && Number.isFinite(a.position))
    answer = Math.round(a.position);
  const expected = typeof label === 'number' ? label : undefined;
  return {
    type: 'score',
    question: q.name,
    answer,
    probabilities,
    expected,
    disagrees: answer !== undefined && expected !== undefined && answer !== expected,
    confidence: top >= 0 ? (probabilities[top] as number) : undefined,
  };
}

function noulCell(
  q: Question,
  a: JudgeAnswer | undefined,
  label: Label | undefined,
  threshold: number,
): GradeCell {
  const value = a?.kind === 'noul' && isProbability(a.noul) ? a.noul : undefined;
  const verdict = value === undefined ? undefined : noulVerdict(value, threshold);
  const expected = typeof label === 'boolean' ? label : undefined;
  return {
    type: 'noul',
    question: q.name,
    value,
    threshold,
    verdict,
    expected,
    disagrees: verdict !== undefined && expected !== undefined && verdict !== expected,
    confidence: value === undefined ? undefined : noulConfidence(value, threshold),
  };
}

/** The cell of an answer that is not read: the label only. */
function flaggedCell(q: Question, label: Label | undefined, threshold: number): GradeCell {
  if (q.type === 'choice') return choiceCell(q, undefined, label);
  if (q.type === 'score') return scoreCell(q, undefined, label);
  return noulCell(q, undefined, label, threshold);
}

/**
 * Grades one case. `answers` is undefined for a failed or unanswered case (no cell disagrees,
 * no confidence); labels are by question name as `caseLabels` makes them.
 */
export function gradeCase(
  questions: readonly Question[],
  answers: readonly JudgeAnswer[] | undefined,
  labels: Readonly<Record<string, Label | undefined>>,
  thresholdOf: (question: string) => number,
): CaseGrade {
  const cells = questions.map((q): FlaggedGradeCell => {
    const a = answers?.find((x) => x.name === q.name);
    const label = Object.hasOwn(labels, q.name) ? labels[q.name] : undefined;
    const problems = a ? answerProblems(a, q) : [];
    if (problems.length > 0) return { ...flaggedCell(q, label, thresholdOf(q.name)), problems };
    if (q.type === 'choice') return choiceCell(q, a, label);
    if (q.type === 'score') return scoreCell(q, a, label);
    return noulCell(q, a, label, thresholdOf(q.name));
  });
  const confidences = cells.map((c) => c.confidence).filter((c): c is number => c !== undefined);
  return {
    cells,
    disagreements: cells.filter((c) => c.disagrees).length,
    confidence: confidences.length > 0 ? Math.min(...confidences) : undefined,
  };
}
