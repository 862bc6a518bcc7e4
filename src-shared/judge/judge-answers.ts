import { type AnswerProblem, checkAnswer } from './answer-check';
import type { Question } from './question-rules';

/**
 * Reads a judgement response tolerantly: answers keyed by question name, score
 * probabilities keyed by level position strings, an optional `legend`, `noul` without
 * confidence, bodies wrapped as `{ code, data }` or `{ state, result }`. The scale base of
 * `score` is not in the spec, so it is detected, and both bases display the same way.
 */
export interface ChoiceBar {
  name: string;
  description?: string;
  /** Undefined when the gateway sent no number for this option: shown as "—", never as 0%. */
  probability?: number;
}

export interface ScoreBar {
  /** Zero-based position on the scale. */
  index: number;
  /** The position as the score numbers it (0.. or 1..), i.e. index + base. */
  label: string;
  /** From the legend, else the question's level text; undefined when neither has one. */
  description?: string;
  probability?: number;
}

/**
 * Set when the answer does not fit its question (answer-check.ts): the values above are then
 * as received, never to be read as valid. Runs stored before answers were checked have none.
 */
interface Flagged {
  problems?: AnswerProblem[];
}

export type JudgeAnswer =
  | ({ name: string; kind: 'choice'; choice?: string; options: ChoiceBar[]; confidence?: number } & Flagged)
  | ({
      name: string;
      kind: 'score';
      /** As the gateway sent it. */
      score?: number;
      /** 0 or 1: how the score numbers the levels. */
      base: 0 | 1;
      /** The score as a zero-based position (score - base), for placing it on the chart. */
      position?: number;
      levels: ScoreBar[];
      confidence?: number;
    } & Flagged)
  | ({ name: string; kind: 'noul'; noul?: number; confidence?: number } & Flagged)
  | { name: string; kind: 'missing' }
  | { name: string; kind: 'unreadable'; raw: string };

export interface ParsedJudgeResponse {
  model?: string;
  answers: JudgeAnswer[];
  /** Answers the gateway sent for names not in the set, kept raw for display. */
  extraAnswers: { name: string; raw: string }[];
  usage: { inputTokens?: number; outputTokens?: number };
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined;
const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
};
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A field that was sent but is not a number: kept as its JSON text for the flag. */
function notANumber(
  field: 'confidence' | 'noul' | 'probability' | 'score',
  v: unknown,
  of?: string,
): AnswerProblem[] {
  if (v === undefined || v === null || num(v) !== undefined) return [];
  const raw = JSON.stringify(v) ?? String(v);
  return [of === undefined ? { code: 'notANumber', field, raw } : { code: 'notANumber', field, raw, of }];
}

/** Probabilities sent as an object or array, each value checked as a number. */
function probabilityValues(v: unknown, label: (key: string) => string): AnswerProblem[] {
  const o = Array.isArray(v) ? Object.fromEntries(v.map((x, i) => [String(i), x])) : rec(v);
  if (!o) return [];
  return Object.keys(o).flatMap((k) => notANumber('probability', o[k], label(k)));
}

/** Adds the problems found while parsing to those the answer's values show; none leaves it as it was. */
function flagged(answer: JudgeAnswer, q: Question, parsing: AnswerProblem[]): JudgeAnswer {
  if (answer.kind === 'missing' || answer.kind === 'unreadable') return answer;
  const problems = [...parsing, ...checkAnswer(answer, q)];
  return problems.length > 0 ? { ...answer, problems } : answer;
}

/** Peels `{ code, data }` / `{ state, result }` (and a `data` holding JSON text) until `answers` shows. */
export function unwrapJudgeBody(body: unknown): Rec | undefined {
  let current: unknown = body;
  for (let depth = 0; depth < 4; depth++) {
    if (typeof current === 'string') {
      try {
        current = JSON.parse(current);
      } catch {
        return undefined;
      }
    }
    const o = rec(current);
    if (!o) return undefined;
    if (rec(o.answers) || Array.isArray(o.answers)) return o;
    const inner = o.data ?? o.result ?? o.output;
    if (inner === undefined) return o;
    current = inner;
  }
  return rec(current);
}

/** An own property only: a question named `constructor` must not read Object.prototype. */
const own = (o: Rec, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

/**
 * Per-level values (probabilities or legend texts) by zero-based position. Keys are positions
 * "0".."n-1", or "1".."n" in some gateways; arrays are read by position. The key shape says
 * nothing about the score's base, so it is only used to look values up.
 */
function byPosition<T>(v: unknown, n: number, read: (x: unknown) => T | undefined): (T | undefined)[] {
  if (Array.isArray(v)) return Array.from({ length: n }, (_, i) => read(v[i]));
  const o = rec(v);
  if (!o) return Array.from({ length: n }, () => undefined);
  const oneKeyed = !Object.hasOwn(o, '0') && Object.hasOwn(o, String(n));
  const offset = oneKeyed ? 1 : 0;
  return Array.from({ length: n }, (_, i) => read(own(o, String(i + offset))));
}

/** How many levels a score answer has when the question does not say (a set edited since, say). */
function levelCount(...values: unknown[]): number {
  let n = 0;
  for (const v of values) {
    if (Array.isArray(v)) n = Math.max(n, v.length);
    const o = rec(v);
    if (o) {
      const keys = Object.keys(o).filter((k) => /^\d+$/.test(k));
      const oneKeyed = keys.length > 0 && !keys.includes('0');
      n = Math.max(n, keys.length, ...keys.map((k) => Number(k) + (oneKeyed ? 0 : 1)));
    }
  }
  return Math.max(n, 2);
}

/**
 * Zero- or one-based. The gateway's score is the expected position, so it is compared with
 * E0 = Σ i·p_i (zero-based) and E0 + 1 (one-based), and the closer one wins. Without
 * probabilities (or on a tie), the range decides: a score above n - 1 can only be one-based.
 */
export function detectScoreBase(
  n: number,
  score: number | undefined,
  probabilities: (number | undefined)[] = [],
): 0 | 1 {
  if (score === undefined) return 0;
  const known = probabilities.filter((p): p is number => p !== undefined);
  if (known.length > 0) {
    const e0 = probabilities.reduce<number>((sum, p, i) => sum + (p ?? 0) * i, 0);
    const d0 = Math.abs(score - e0);
    const d1 = Math.abs(score - (e0 + 1));
    if (d0 < d1) return 0;
    if (d1 < d0) return 1;
  }
  return score > n - 1 ? 1 : 0;
}

function parseScore(name: string, a: Rec, q: Question | undefined, legendTop: unknown): JudgeAnswer {
  const legendRaw = a.legend !== undefined ? a.legend : legendTop;
  const score = num(a.score);
  const n = q?.type === 'score' ? q.levels.length : levelCount(a.probabilities, legendRaw);
  const probs = byPosition(a.probabilities, n, num);
  const legend = byPosition(legendRaw, n, str);
  const base = detectScoreBase(n, score, probs);
  const levels: ScoreBar[] = probs.map((probability, i) => ({
    index: i,
    label: String(i + base),
    description: legend[i] ?? (q?.type === 'score' ? q.levels[i] : undefined),
    probability,
  }));
  return {
    name,
    kind: 'score',
    score,
    base,
    position: score === undefined ? undefined : score - base,
    levels,
    confidence: num(a.confidence),
  };
}

function parseChoice(name: string, a: Rec, q: Question | undefined): JudgeAnswer {
  const probs = rec(a.probabilities) ?? {};
  const names = q?.type === 'choice' ? q.options.map((o) => o.name) : [];
  for (const k of Object.keys(probs)) if (!names.includes(k)) names.push(k);
  const options: ChoiceBar[] = names.map((n) => ({
    name: n,
    description: q?.type === 'choice' ? q.options.find((o) => o.name === n)?.description : undefined,
    probability: num(own(probs, n)),
  }));
  let choice = str(a.choice);
  const known = options.filter((o) => o.probability !== undefined);
  if (choice === undefined && known.length > 0) {
    // Some gateways only send probabilities; the chosen option is then the most probable one.
    choice = [...known].sort((x, y) => (y.probability ?? 0) - (x.probability ?? 0))[0].name;
  }
  return { name, kind: 'choice', choice, options, confidence: num(a.confidence) };
}

/** Answers sent as a list of `{ name, … }` are keyed by their name, as the object form is. */
function answersByName(v: unknown): Rec {
  if (!Array.isArray(v)) return rec(v) ?? {};
  // No prototype: a question named `__proto__` stays an ordinary key.
  const out = Object.create(null) as Rec;
  v.forEach((item, i) => {
    const a = rec(item);
    const name = str(a?.name) ?? str(a?.question);
    if (a && name !== undefined) {
      const { name: _name, ...rest } = a;
      out[name] = rest;
    } else out[`#${i}`] = item;
  });
  return out;
}

export function parseJudgeResponse(body: unknown, questions: Question[]): ParsedJudgeResponse {
  const o = unwrapJudgeBody(body) ?? {};
  const answersRec = answersByName(o.answers);
  const usage = rec(o.usage) ?? {};
  const byName = new Map(questions.map((q) => [q.name, q]));
  const answers: JudgeAnswer[] = questions.map((q) => {
    const raw = own(answersRec, q.name);
    const a = rec(raw);
    if (raw === undefined) return { name: q.name, kind: 'missing' };
    if (!a) {
      // A bare number is how some gateways answer noul.
      if (q.type === 'noul' && num(raw) !== undefined)
        return flagged({ name: q.name, kind: 'noul', noul: num(raw) }, q, []);
      return { name: q.name, kind: 'unreadable', raw: JSON.stringify(raw) };
    }
    const type = str(a.type) ?? q.type;
    const confidence = notANumber('confidence', a.confidence);
    if (type === 'choice') {
      return flagged(parseChoice(q.name, a, q), q, [
        ...probabilityValues(a.probabilities, (k) => k),
        ...confidence,
      ]);
    }
    if (type === 'score') {
      return flagged(parseScore(q.name, a, q, o.legend), q, [
        ...notANumber('score', a.score),
        ...probabilityValues(a.probabilities, (k) => k),
        ...confidence,
      ]);
    }
    if (type === 'noul') {
      const value = a.noul ?? a.probability ?? a.value;
      const noul: JudgeAnswer = {
        name: q.name,
        kind: 'noul',
        noul: num(value),
        confidence: num(a.confidence),
      };
      return flagged(noul, q, [...notANumber('noul', value), ...confidence]);
    }
    return { name: q.name, kind: 'unreadable', raw: JSON.stringify(raw) };
  });
  return {
    model: str(o.model),
    answers,
    extraAnswers: Object.keys(answersRec)
      .filter((k) => !byName.has(k))
      .map((k) => ({ name: k, raw: JSON.stringify(answersRec[k]) ?? String(answersRec[k]) })),
    usage: {
      inputTokens: num(usage.input_tokens) ?? num(usage.prompt_tokens),
      outputTokens: num(usage.output_tokens) ?? num(usage.completion_tokens),
    },
  };
}
