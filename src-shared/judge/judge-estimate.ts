import type { Question } from './question-rules';
import { wireQuestion } from './question-rules';
import type { StateValue } from './state-input';

/** Spec §4 billing and §8 limits of the structured-judgement endpoint. */
export const JUDGE_PRICE_YUAN_PER_MILLION = 0.35;
/** "64k" and "32k" are binary: 65,536 and 32,768 tokens. */
export const JUDGE_CONTEXT_LIMIT = 65_536;
export const JUDGE_PAIR_LIMIT = 32_768;
/** The amount reserved up front: a full 64k-token context, 65,536 × 0.35 / 1e6 ≈ 0.0229 (the spec's "about 0.023"). */
export const JUDGE_RESERVATION_YUAN = (JUDGE_CONTEXT_LIMIT * JUDGE_PRICE_YUAN_PER_MILLION) / 1e6;
/**
 * Main refuses a request only when the estimate is this far over a limit: the gateway's tokenizer
 * is not published, so near the limit the gateway decides (the window warns and asks first).
 */
export const JUDGE_GUARD_FACTOR = 1.25;

export const JUDGE_MODELS = ['judge-1.13.0', 'judge-latest', 'judge-preview'] as const;
export type JudgeModel = (typeof JUDGE_MODELS)[number];

export type CountTokens = (text: string) => number;

export interface JudgeEstimate {
  stateTokens: number;
  /** The longest single question, as sent. */
  longestQuestionTokens: number;
  longestQuestionName?: string;
  /** State plus the longest question: at most 32k (spec §8). */
  pairTokens: number;
  /** The whole request body: at most 64k. */
  totalTokens: number;
  overPairLimit: boolean;
  overContextLimit: boolean;
  costYuan: number;
}

export function costYuan(inputTokens: number): number {
  return (inputTokens * JUDGE_PRICE_YUAN_PER_MILLION) / 1e6;
}

/** The state as the gateway reads it: text as is, anything else as its JSON. */
export function stateText(state: StateValue): string {
  return typeof state === 'string' ? state : JSON.stringify(state);
}

/** The JSON body around the state and the questions (model, keys, braces): a few tokens. */
function envelopeText(model: string): string {
  return JSON.stringify({ model, state: '', questions: {} });
}

/**
 * The texts an estimate counts, in the order `estimateFromCounts` reads their counts: the state
 * (by far the largest part, counted once; the caller may cache its count by text), the JSON
 * envelope, then each question as sent. Split from the counting so main can have the counting
 * done elsewhere (a worker thread, docs/architecture.md "The judge's tokenizer").
 */
export interface JudgeTexts {
  state: string;
  envelope: string;
  questions: string[];
}

export function judgeTexts(
  state: StateValue | undefined,
  questions: Question[],
  model: string = JUDGE_MODELS[0],
): JudgeTexts {
  return {
    state: state === undefined ? '' : stateText(state),
    envelope: envelopeText(model),
    questions: questions.map((q) => `${JSON.stringify(q.name)}:${JSON.stringify(wireQuestion(q))}`),
  };
}

/** The texts as one list: state, envelope, then the questions. */
export function flatTexts(t: JudgeTexts): string[] {
  return [t.state, t.envelope, ...t.questions];
}

/**
 * The estimate from the counts of `flatTexts` (same order): total = envelope + state + every
 * question; the pair is the state with the longest question.
 */
export function estimateFromCounts(counts: readonly number[], questions: readonly Question[]): JudgeEstimate {
  const [stateTokens = 0, envelopeTokens = 0, ...questionCounts] = counts;
  let longestQuestionTokens = 0;
  let longestQuestionName: string | undefined;
  let questionTokens = 0;
  questionCounts.forEach((n, i) => {
    questionTokens += n;
    if (n > longestQuestionTokens) {
      longestQuestionTokens = n;
      longestQuestionName = questions[i]?.name;
    }
  });
  const totalTokens = envelopeTokens + stateTokens + questionTokens;
  const pairTokens = stateTokens + longestQuestionTokens;
  return {
    stateTokens,
    longestQuestionTokens,
    longestQuestionName,
    pairTokens,
    totalTokens,
    overPairLimit: pairTokens > JUDGE_PAIR_LIMIT,
    overContextLimit: totalTokens > JUDGE_CONTEXT_LIMIT,
    costYuan: costYuan(totalTokens),
  };
}

/**
 * An estimate with the caller's tokenizer: the gateway's own tokenizer is not published, so the
 * window labels these numbers as estimates and the gateway's `usage` is the bill.
 */
export function estimateJudge(
  state: StateValue | undefined,
  questions: Question[],
  count: CountTokens,
  model: string = JUDGE_MODELS[0],
): JudgeEstimate {
  const texts = judgeTexts(state, questions, model);
  // An absent state costs nothing and is not counted.
  const counts = flatTexts(texts).map((t, i) => (i === 0 && state === undefined ? 0 : count(t)));
  return estimateFromCounts(counts, questions);
}

/** Main's coarse guard: the reason a request is clearly over a limit, or undefined. */
export function clearlyOverLimit(e: JudgeEstimate): { path: string; message: string } | undefined {
  if (e.pairTokens > JUDGE_PAIR_LIMIT * JUDGE_GUARD_FACTOR)
    return {
      path: 'state',
      message: `the state plus the longest question is about ${e.pairTokens.toLocaleString('en')} tokens, far over the limit of ${JUDGE_PAIR_LIMIT.toLocaleString('en')} tokens (32k); shorten the state`,
    };
  if (e.totalTokens > JUDGE_CONTEXT_LIMIT * JUDGE_GUARD_FACTOR)
    return {
      path: 'questions',
      message: `the request is about ${e.totalTokens.toLocaleString('en')} tokens, far over the limit of ${JUDGE_CONTEXT_LIMIT.toLocaleString('en')} tokens (64k); shorten the state or the questions`,
    };
  return undefined;
}
