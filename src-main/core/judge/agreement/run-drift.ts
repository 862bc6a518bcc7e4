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

/** A flip as main keeps it between pages: the case, both decisions and the question's label reader. */
export interface KeptFlip {
  question: string;
  caseId: string;
  a: DriftAnswer;
  b: DriftAnswer;
  label: string | boolean | undefined;
}

export interface RunsDrift {
  questions: QuestionDrift[];
  /** Every question's flips, question after question, each in run A's order. */
  flips: KeptFlip[];
}

/** One run as drift reads it: its revision's questions and its cases with answers and labels. */
export interface DriftSide {
  questions: readonly Question[];
  cases: readonly LabelledRunCase[];
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

function matched<C extends { id: string }>(a: readonly C[], b: readonly C[]) {
  const byId = new Map(b.map((x) => [x.id, x]));
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

interface QuestionResult {
  drift: QuestionDrift;
  flips: KeptFlip[];
}

function compareQuestion(
  qa: Question,
  pa: PairedQuestion,
  pb: PairedQuestion,
  threshold: number,
  labels: ReadonlyMap<string, LabelledRunCase['labels']>,
): QuestionResult {
  const label = (id: string) => labelText(qa, labels.get(id)?.[qa.name]);
  const keep = (id: string, a: DriftAnswer, b: DriftAnswer): KeptFlip => ({
    question: qa.name,
    caseId: id,
    a,
    b,
    label: label(id),
  });
  if (pa.type === 'noul' && pb.type === 'noul') {
    const d = noulDrift(pa.answered, pb.answered, threshold);
    const both = matched(pa.answered, pb.answered);
    return {
      drift: {
        question: qa.name,
        type: 'noul',
        coverage: d.coverage,
        flips: d.flips.length,
        metrics: d.metrics,
        shares: shares(['true', 'false'], both, (c) => (c.p >= threshold ? 0 : 1)),
        meanProbability: delta(mean(both.map((x) => x.a.p)), mean(both.map((x) => x.b.p))),
      },
      flips: d.flips.map((f) =>
        keep(f.id, { decision: f.a, probability: f.pA }, { decision: f.b, probability: f.pB }),
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
    const byIdA = new Map(answeredA.map((x) => [x.id, x]));
    const byIdB = new Map(answeredB.map((x) => [x.id, x]));
    const answer = (c: Answered | undefined, i: number): DriftAnswer => ({
      decision: names[i],
      probability: c ? normalise(c.probabilities)[i] : undefined,
    });
    return {
      drift: {
        question: qa.name,
        type: pa.type,
        coverage: d.coverage,
        flips: d.flips.length,
        metrics: d.metrics as Record<string, MetricDelta>,
        shares: shares(names, matched(answeredA, answeredB), decide),
      },
      flips: d.flips.map((f) => keep(f.id, answer(byIdA.get(f.id), f.a), answer(byIdB.get(f.id), f.b))),
    };
  }
  throw new Error(`question ${qa.name} paired as ${pa.type} and ${pb.type}`);
}

const EMPTY_COVERAGE: DriftCoverage = { compared: 0, onlyInA: 0, onlyInB: 0, labelled: 0, labelConflicts: 0 };

/**
 * Two runs of one set compared question by question (docs/architecture.md, "Judge agreement and
 * drift"): noul decisions at the threshold in force, choice and score by their most probable
 * answer. A question missing from run B's revision, or changed in type or choices, is listed
 * with nothing compared.
 */
export function runsDrift(a: DriftSide, b: DriftSide, tuning: SetTuning): RunsDrift {
  const labels = new Map(a.cases.map((c) => [c.id, c.labels]));
  const questions: QuestionDrift[] = [];
  const flips: KeptFlip[] = [];
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
    const r = compareQuestion(
      qa,
      pairQuestion(qa, a.cases),
      pairQuestion(qb, b.cases),
      thresholdFor(tuning, qa.name),
      labels,
    );
    questions.push(r.drift);
    flips.push(...r.flips);
  }
  return { questions, flips };
}
