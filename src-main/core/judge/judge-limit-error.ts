import { GatewayError } from '../gateway/gateway-error';
import {
  JUDGE_CONTEXT_LIMIT,
  JUDGE_PAIR_LIMIT,
  type JudgeEstimate,
} from '../../../src-shared/judge/judge-estimate';

const fmt = (n: number) => n.toLocaleString('en');

/**
 * The judge's 413 / `tokens_exceeded` names no limit and no count, so the run's own estimate
 * says which of the two limits it is and by how much. When the estimate is under both, the
 * gateway's tokenizer counted more than ours: the nearer limit is named with the estimate.
 */
export function overLimitError(err: GatewayError, e: JudgeEstimate): GatewayError {
  const pairShare = e.pairTokens / JUDGE_PAIR_LIMIT;
  const totalShare = e.totalTokens / JUDGE_CONTEXT_LIMIT;
  const pair = pairShare >= totalShare;
  const tokens = pair ? e.pairTokens : e.totalTokens;
  const limit = pair ? JUDGE_PAIR_LIMIT : JUDGE_CONTEXT_LIMIT;
  const over = tokens - limit;
  const what = pair
    ? `The state plus the longest question${e.longestQuestionName ? ` (“${e.longestQuestionName}”)` : ''}`
    : 'The whole request';
  const message =
    over > 0
      ? `${what} is about ${fmt(tokens)} tokens, ${fmt(over)} over the judge's limit of ${fmt(limit)}. Shorten the ${pair ? 'state' : 'state or the questions'}.`
      : `The gateway counted more than the limit of ${fmt(limit)} tokens for ${what.toLowerCase()} (estimated here at ${fmt(tokens)}). Shorten the ${pair ? 'state' : 'state or the questions'}.`;
  return new GatewayError('too_large', message, err.status, err.gatewayMessage, err.retryAfterMs, {
    ...err.extra,
    limit: pair ? 'pair' : 'total',
    limitTokens: limit,
    estimatedTokens: tokens,
    overBy: Math.max(0, over),
    question: pair ? e.longestQuestionName : undefined,
  });
}
