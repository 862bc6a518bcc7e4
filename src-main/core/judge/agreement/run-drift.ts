import {
  choiceDrift,
  chosenLevel,
  chosenOption,
  mean,
  normalise,
  noulDrift,
  pairQuestion,
  scoreDrift,
  type AnsweredCase,
  type DriftCoverage,
  type Label,
  type LabelledRunCase,
  type MetricDelta,
  type PairedQuestion,
} from '../../../../src-shared/judge/metrics';
import type { Question } from '../../../../src-shared/judge/question-rules';
import type { DecisionShare, DriftAnswer, QuestionDrift } from '../../../../src-shared/judge/run-agreement';
import { thresholdFor, type SetTuning } from '../../../../src-shared/judge/set-tuning';
import {
  pairedDriftStatsOf,
  prepareQuestion,
  type PairedStatsOptions,
  type PreparedQuestion,
} from './drift-paired-stats';

/** A flip as a page shows it: the case, both decisions and the label. */
export interface KeptFlip {
  question: string;
  caseId: string;
  /** The case's index in run A's cases (its position there). */
  index: number;
  a: DriftAnswer;
  b: DriftAnswer;
  label: string | boolean | undefined;
}

export interface RunsDrift {
  questions: QuestionDrift[];
  /** How many flips all questions have. */
  flipCount: number;
  /**
   * Flips `offset` to `offset + limit`, question after question, each in run A's order. A drift
   * of two 100,000-case runs can flip over a hundred thousand decisions: they are kept as the
   * answers they compare, and only a page's are written out.
   */
  flips(offset: number, limit: number): KeptFlip[];
}

/** One run as drift reads it: its revision's questions and its cases with answers and labels. */
export interface DriftSide {
  questions: readonly Question[];
  cases: readonly LabelledRunCase[];
  /** A question of `questions` paired with the labels; `pairQuestion` over `cases` if not given. */
  pair?: (q: Question) => PairedQuestion;
}

/** The decision shares of the cases both runs answered (a count per decision, over the compared cases). */
function shares<C>(
  names: readonly string[],
  both: readonly { a: C; b: C }[],
  decide: (c: C) => number,
): DecisionShare[] {
  const a = new Array<number>(names.length).fill(0);
  const b = new Array<number>(names.length).fill(0);
  for (const x of both) {
    a[decide(x.a)]++;
    b[decide(x.b)]++;
  }
  const n = Math.max(1, both.length);
  return names.map((decision, i) => ({ decision, a: a[i] / n, b: b[i] / n }));
}

/** Run A's answered cases that run B answered too, each with B's answer: one pass, one map. */
function matched<C extends { id: string }>(a: readonly C[], b: readonly C[]) {
  const byId = new Map<string, C>();
  for (const x of b) byId.set(x.id, x);
  const out: { a: C; b: C }[] = [];
  for (const x of a) {
    const y = byId.get(x.id);
    if (y) out.push({ a: x, b: y });
  }
  return out;
}

const delta = (a: number | undefined, b: number | undefined): MetricDelta => ({
  a,
  b,
  delta: a === undefined || b === undefined ? undefined : b - a,
});

/** The same question in both revisions, with the same type and choices: otherwise not comparable. */
function sameQuestion(a: Question, b: Question | undefined): b is Question {
  return (
    !!b &&
    a.type === b.type &&
    JSON.stringify(a.options.map((o) => o.name)) === JSON.stringify(b.options.map((o) => o.name)) &&
    a.levels.length === b.levels.length
  );
}

function labelText(question: Question, label: Label | undefined): string | boolean | undefined {
  if (label === undefined) return undefined;
  if (typeof label === 'number')
    return question.type === 'score' ? levelName(question, label) : String(label);
  return label;
}

const levelName = (q: Question, i: number) => `${i + 1} · ${q.levels[i] ?? ''}`;

/**
 * One question's flips as found: the matched pair of answers of each (in run A's order) and how
 * a page writes one out. Writing out is left to the page, so a drift with 100,000 flips builds
 * none of their answers until they are shown.
 */
interface QuestionFlips {
  count: number;
  /** The `i`th flip of the question, written out. */
  write(i: number): Omit<KeptFlip, 'index' | 'label'>;
}

interface QuestionResult {
  drift: QuestionDrift;
  flips: QuestionFlips;
}

/** The matched pairs whose decisions differ, in run A's order: the shared drift's flips. */
function flipsOf<C>(
  both: readonly { a: C; b: C }[],
  differ: (a: C, b: C) => boolean,
  write: (a: C, b: C) => Omit<KeptFlip, 'index' | 'label'>,
): QuestionFlips {
  const pairs = both.filter((x) => differ(x.a, x.b));
  return { count: pairs.length, write: (i) => write(pairs[i].a, pairs[i].b) };
}

function compareQuestion(
  qa: Question,
  pa: PairedQuestion,
  pb: PairedQuestion,
  threshold: number,
): QuestionResult {
  if (pa.type === 'noul' && pb.type === 'noul') {
    const d = noulDrift(pa.answered, pb.answered, threshold);
    const both = matched(pa.answered, pb.answered);
    const decide = (p: number) => p >= threshold;
    return {
      drift: {
        question: qa.name,
        type: 'noul',
        coverage: d.coverage,
        flips: d.flips.length,
        metrics: d.metrics,
        shares: shares(['true', 'false'], both, (c) => (decide(c.p) ? 0 : 1)),
        meanProbability: delta(mean(both.map((x) => x.a.p)), mean(both.map((x) => x.b.p))),
      },
      flips: flipsOf(
        both,
        (a, b) => decide(a.p) !== decide(b.p),
        (a, b) => ({
          question: qa.name,
          caseId: a.id,
          a: { decision: decide(a.p), probability: a.p },
          b: { decision: decide(b.p), probability: b.p },
        }),
      ),
    };
  }
  if ((pa.type === 'choice' && pb.type === 'choice') || (pa.type === 'score' && pb.type === 'score')) {
    const isChoice = pa.type === 'choice';
    const names = isChoice ? pa.options : qa.levels.map((_, i) => levelName(qa, i));
    type Answered = AnsweredCase<{ probabilities: readonly number[]; expected: number }>;
    const answeredA = pa.answered as Answered[];
    const answeredB = pb.answered as Answered[];
    const d = isChoice ? choiceDrift(answeredA, answeredB) : scoreDrift(answeredA, answeredB);
    const decide = isChoice ? chosenOption : chosenLevel;
    const both = matched(answeredA, answeredB);
    const answer = (c: Answered): DriftAnswer => {
      const i = decide(c);
      return { decision: names[i], probability: normalise(c.probabilities)[i] };
    };
    return {
      drift: {
        question: qa.name,
        type: pa.type,
        coverage: d.coverage,
        flips: d.flips.length,
        metrics: d.metrics as Record<string, MetricDelta>,
        shares: shares(names, both, decide),
      },
      flips: flipsOf(
        both,
        (a, b) => decide(a) !== decide(b),
        (a, b) => ({ question: qa.name, caseId: a.id, a: answer(a), b: answer(b) }),
      ),
    };
  }
  throw new Error(`question ${qa.name} paired as ${pa.type} and ${pb.type}`);
}

const EMPTY_COVERAGE: DriftCoverage = { compared: 0, onlyInA: 0, onlyInB: 0, labelled: 0, labelConflicts: 0 };

/**
 * Two runs of one set compared question by question (docs/architecture.md, "Judge agreement and
 * drift"): noul decisions at the threshold in force, choice and score by their most probable
 * answer, each question with its paired statistics (`drift-paired-stats.ts`). A question
 * missing from run B's revision, or changed in type or choices, is listed with nothing compared.
 */
export function runsDrift(
  a: DriftSide,
  b: DriftSide,
  tuning: SetTuning,
  stats: PairedStatsOptions = {},
): RunsDrift {
  const pairA = a.pair ?? ((q: Question) => pairQuestion(q, a.cases));
  const pairB = b.pair ?? ((q: Question) => pairQuestion(q, b.cases));
  const questions: QuestionDrift[] = [];
  const kept: { question: Question; flips: QuestionResult['flips']; start: number }[] = [];
  const prepared: { at: number; question: PreparedQuestion }[] = [];
  let flipCount = 0;
  for (const qa of a.questions) {
    const qb = b.questions.find((q) => q.name === qa.name);
    if (!sameQuestion(qa, qb)) {
      questions.push({
        question: qa.name,
        type: qa.type,
        coverage: EMPTY_COVERAGE,
        flips: 0,
        metrics: {},
        shares: [],
      });
      continue;
    }
    const [pa, pb, threshold] = [pairA(qa), pairB(qb), thresholdFor(tuning, qa.name)];
    const r = compareQuestion(qa, pa, pb, threshold);
    prepared.push({ at: questions.length, question: prepareQuestion(qa.name, pa, pb, threshold) });
    questions.push(r.drift);
    kept.push({ question: qa, flips: r.flips, start: flipCount });
    flipCount += r.flips.count;
  }
  // Is each difference real? Paired statistics on the cases both runs answered, labelled alike.
  const paired = pairedDriftStatsOf(
    prepared.map((p) => p.question),
    stats,
  );
  prepared.forEach((p, i) => (questions[p.at] = { ...questions[p.at], paired: paired[i] }));
  // A case's index in run A's cases, found when a page first needs one.
  let indexOf: Map<string, number> | undefined;
  const index = (id: string) => (indexOf ??= new Map(a.cases.map((c, i) => [c.id, i]))).get(id) ?? -1;
  return {
    questions,
    flipCount,
    flips(offset, limit) {
      const out: KeptFlip[] = [];
      for (const q of kept) {
        const from = Math.max(offset - q.start, 0);
        const to = Math.min(offset + limit - q.start, q.flips.count);
        for (let i = from; i < to; i++) {
          const flip = q.flips.write(i);
          const at = index(flip.caseId);
          out.push({
            ...flip,
            index: at,
            label: labelText(q.question, a.cases[at]?.labels[q.question.name]),
          });
        }
      }
      return out;
    },
  };
}
