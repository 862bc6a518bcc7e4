import type { GatewayClient } from '../gateway/gateway-client';
import { GatewayError } from '../gateway/gateway-error';
import { type JudgeReply, postJudge } from '../gateway/judge-api';
import type { GatewayTarget } from '../gateway/gateway-urls';
import { overLimitError } from './judge-limit-error';
import { invalidInput } from '../../../src-shared/result';
import type { ExtraBody } from '../../../src-shared/request/extra-body';
import { judgeRequestBody } from '../../../src-shared/judge/judge-request';
import { type ParsedJudgeResponse, parseJudgeResponse } from '../../../src-shared/judge/judge-answers';
import {
  clearlyOverLimit,
  estimateFromCounts,
  flatTexts,
  JUDGE_CONTEXT_LIMIT,
  JUDGE_GUARD_FACTOR,
  JUDGE_PAIR_LIMIT,
  type JudgeEstimate,
  type JudgeTexts,
  judgeTexts,
} from '../../../src-shared/judge/judge-estimate';
import { inThreadTokenCounter, tokenBound, type TokenCounter } from './token-counter';
import type { Question } from '../../../src-shared/judge/question-rules';
import type { StateValue } from '../../../src-shared/judge/state-input';

export interface JudgeAnswered {
  reply: JudgeReply;
  parsed: ParsedJudgeResponse;
}

/**
 * Whether a request might be clearly over a limit, by the texts' byte lengths (each at least its
 * token count, see `tokenBound`): when it cannot be, the guard needs no counting.
 */
export function mayBeClearlyOver(texts: JudgeTexts): boolean {
  const state = tokenBound(texts.state);
  const questions = texts.questions.map(tokenBound);
  const pair = state + Math.max(0, ...questions);
  const total = tokenBound(texts.envelope) + state + questions.reduce((a, b) => a + b, 0);
  return pair > JUDGE_PAIR_LIMIT * JUDGE_GUARD_FACTOR || total > JUDGE_CONTEXT_LIMIT * JUDGE_GUARD_FACTOR;
}

async function estimateOf(
  tokens: TokenCounter,
  texts: JudgeTexts,
  questions: Question[],
  signal?: AbortSignal,
): Promise<JudgeEstimate> {
  return estimateFromCounts(await tokens.count(flatTexts(texts), signal), questions);
}

/**
 * One judgement of one state: main's coarse limit guard, the request built as the window
 * previews it, the one POST (never retried: it costs money) and the tolerant reading of the
 * answer. The single run and every case of a batch run go through here.
 */
export async function askJudge(
  deps: {
    client: GatewayClient;
    target: GatewayTarget;
    now?: () => number;
    /** The worker pool's counter in the app; without one, counting in this thread. */
    tokens?: TokenCounter;
  },
  ask: {
    model: string;
    state: StateValue;
    questions: Question[];
    extra?: ExtraBody;
    signal?: AbortSignal;
  },
): Promise<JudgeAnswered> {
  // A coarse guard: the window warns near the limits; here only clearly-over requests stop.
  // Tokens are counted only when the byte-length bound says the request might be that far over.
  const tokens = deps.tokens ?? inThreadTokenCounter;
  const texts = judgeTexts(ask.state, ask.questions, ask.model);
  if (mayBeClearlyOver(texts)) {
    const over = clearlyOverLimit(await estimateOf(tokens, texts, ask.questions, ask.signal));
    if (over) throw invalidInput(over.path, over.message);
  }
  const reply = await postJudge(
    deps.client,
    deps.target,
    judgeRequestBody({ model: ask.model, state: ask.state, questions: ask.questions, extra: ask.extra }),
    { now: deps.now, signal: ask.signal },
  ).catch(async (err: unknown) => {
    if (!(err instanceof GatewayError && err.code === 'too_large')) throw err;
    // A 413 is rare: its message names the limit by the counted estimate (if counting fails
    // too, the gateway's own error stands).
    const estimate = await estimateOf(tokens, texts, ask.questions, ask.signal).catch(() => undefined);
    throw estimate ? overLimitError(err, estimate) : err;
  });
  return { reply, parsed: parseJudgeResponse(reply.body, ask.questions) };
}
