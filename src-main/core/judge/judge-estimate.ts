import type { Question } from './question-rules';
import { wireQuestion } from './question-rules';
import type { StateValue } from './state-input';

/** Spec §4 billing and §8 limits of the structured-judgement endpoint. */
export const JUDGE_PRICE_YUAN_PER_MILLION = 0.35;
export const JUDGE_CONTEXT_LIMIT = 64_000;
export const JUDGE_PAIR_LIMIT = 32_000;
/** The amount reserved up front: a full 64k-token context (≈ 0.0224 yuan; the spec rounds it to 0.023). */
export const JUDGE_RESERVATION_YUAN = (JUDGE_CONTEXT_LIMIT * JUDGE_PRICE_YUAN_PER_MILLION) / 1e6;
export const JUDGE_RESERVATION_SPEC_YUAN = 0.023;

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
  const stateTokens = state === undefined ? 0 : count(stateText(state));
  let longestQuestionTokens = 0;
  let longestQuestionName: string | undefined;
  const wire: Record<string, unknown> = {};
  for (const q of questions) {
    const w = wireQuestion(q);
    wire[q.name] = w;
    const n = count(`${q.name}: ${JSON.stringify(w)}`);
    if (n > longestQuestionTokens) {
      longestQuestionTokens = n;
      longestQuestionName = q.name;
    }
  }
  const totalTokens = count(JSON.stringify({ model, state: state ?? '', questions: wire }));
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
