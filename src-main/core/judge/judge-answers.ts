import type { Question } from './question-rules';

/**
 * Reads a judgement response tolerantly (design §6): answers keyed by question name, score
 * probabilities keyed by level position strings, an optional `legend`, `noul` without
 * confidence, bodies wrapped as `{ code, data }` or `{ state, result }`. The scale base of
 * `score` is not in the spec, so it is detected, and both bases display the same way.
 */
export interface ChoiceBar {
  name: string;
  description?: string;
  probability: number;
}

export interface ScoreBar {
  /** Zero-based position on the scale. */
  index: number;
  /** The position as the gateway numbers it (0.. or 1..). */
  label: string;
  description: string;
  probability?: number;
}

export type JudgeAnswer =
  | { name: string; kind: 'choice'; choice?: string; options: ChoiceBar[]; confidence?: number }
  | {
      name: string;
      kind: 'score';
      /** As the gateway sent it. */
      score?: number;
      /** 0 or 1: how the gateway numbers levels. */
      base: 0 | 1;
      /** The score as a zero-based position (score - base), for placing it on the chart. */
      position?: number;
      levels: ScoreBar[];
      confidence?: number;
    }
  | { name: string; kind: 'noul'; noul?: number; confidence?: number }
  | { name: string; kind: 'missing' }
  | { name: string; kind: 'unreadable'; raw: string };

export interface ParsedJudgeResponse {
  model?: string;
  answers: JudgeAnswer[];
  /** Answers the gateway sent for names not in the set (shown raw). */
  extraAnswers: string[];
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
    if (rec(o.answers)) return o;
    const inner = o.data ?? o.result ?? o.output;
    if (inner === undefined) return o;
    current = inner;
  }
  return rec(current);
}

function legendFrom(v: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (Array.isArray(v)) v.forEach((x, i) => typeof x === 'string' && out.set(String(i), x));
  else {
    const o = rec(v);
    if (o) for (const [k, x] of Object.entries(o)) if (typeof x === 'string') out.set(k, x);
  }
  return out;
}

/** Zero- or one-based: from the probability keys first, then the legend, then the score's range. */
export function detectScoreBase(
  n: number,
  probKeys: string[],
  score: number | undefined,
  legendKeys: string[] = [],
): 0 | 1 {
  const keys = probKeys.length > 0 ? probKeys : legendKeys;
  if (keys.length > 0) {
    if (keys.includes('0')) return 0;
    if (keys.includes(String(n))) return 1;
  }
  if (score !== undefined && score > n - 1) return 1;
  return 0;
}

function parseScore(
  name: string,
  a: Rec,
  q: Question | undefined,
  legendTop: Map<string, string>,
): JudgeAnswer {
  const probs = rec(a.probabilities) ?? {};
  const probKeys = Object.keys(probs).filter((k) => num(probs[k]) !== undefined);
  const legend = a.legend !== undefined ? legendFrom(a.legend) : legendTop;
  const score = num(a.score);
  const n = q?.type === 'score' ? q.levels.length : Math.max(probKeys.length, legend.size, 2);
  const base = detectScoreBase(n, probKeys, score, [...legend.keys()]);
  const levels: ScoreBar[] = [];
  for (let i = 0; i < n; i++) {
    const key = String(i + base);
    const description = legend.get(key) ?? (q?.type === 'score' ? q.levels[i] : undefined) ?? `Level ${key}`;
    levels.push({ index: i, label: key, description, probability: num(probs[key]) });
  }
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
  const options = names.map((n) => ({
    name: n,
    description: q?.type === 'choice' ? q.options.find((o) => o.name === n)?.description : undefined,
    probability: num(probs[n]) ?? 0,
  }));
  let choice = str(a.choice);
  if (choice === undefined && options.length > 0) {
    // Some gateways only send probabilities; the chosen option is then the most probable one.
    choice = [...options].sort((x, y) => y.probability - x.probability)[0].name;
  }
  return { name, kind: 'choice', choice, options, confidence: num(a.confidence) };
}

export function parseJudgeResponse(body: unknown, questions: Question[]): ParsedJudgeResponse {
  const o = unwrapJudgeBody(body) ?? {};
  const answersRec = rec(o.answers) ?? {};
  const usage = rec(o.usage) ?? {};
  const legendTop = legendFrom(o.legend);
  const byName = new Map(questions.map((q) => [q.name, q]));
  const answers: JudgeAnswer[] = questions.map((q) => {
    const raw = answersRec[q.name];
    const a = rec(raw);
    if (raw === undefined) return { name: q.name, kind: 'missing' };
    if (!a) {
      // A bare number is how some gateways answer noul.
      if (q.type === 'noul' && num(raw) !== undefined) return { name: q.name, kind: 'noul', noul: num(raw) };
      return { name: q.name, kind: 'unreadable', raw: JSON.stringify(raw) };
    }
    const type = str(a.type) ?? q.type;
    if (type === 'choice') return parseChoice(q.name, a, q);
    if (type === 'score') return parseScore(q.name, a, q, legendTop);
    if (type === 'noul') {
      return {
        name: q.name,
        kind: 'noul',
        noul: num(a.noul) ?? num(a.probability) ?? num(a.value),
        confidence: num(a.confidence),
      };
    }
    return { name: q.name, kind: 'unreadable', raw: JSON.stringify(raw) };
  });
  return {
    model: str(o.model),
    answers,
    extraAnswers: Object.keys(answersRec).filter((k) => !byName.has(k)),
    usage: {
      inputTokens: num(usage.input_tokens) ?? num(usage.prompt_tokens),
      outputTokens: num(usage.output_tokens) ?? num(usage.completion_tokens),
    },
  };
}
