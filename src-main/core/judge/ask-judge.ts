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
  type CountTokens,
  estimateJudge,
  type JudgeEstimate,
} from '../../../src-shared/judge/judge-estimate';
import type { Question } from '../../../src-shared/judge/question-rules';
import type { StateValue } from '../../../src-shared/judge/state-input';

/**
 * gpt-tokenizer is large: evaluating it holds main's event loop for about 100 ms. It is not
 * loaded at start, but in the background once the window is up (`preloadTokenizer`), so the
 * first judge run does not pay for it while replies stream.
 */
let countTokens: Promise<CountTokens> | undefined;
export const loadTokenCounter = (): Promise<CountTokens> =>
  (countTokens ??= import('gpt-tokenizer').then(
    (m) => m.countTokens,
    (err: unknown) => {
      countTokens = undefined; // a failed load is tried again by the next run
      throw err;
    },
  ));

export interface JudgeAnswered {
  reply: JudgeReply;
  parsed: ParsedJudgeResponse;
  estimate: JudgeEstimate;
}

/**
 * One judgement of one state: main's coarse limit guard, the request built as the window
 * previews it, the one POST (never retried: it costs money) and the tolerant reading of the
 * answer. The single run and every case of a batch run go through here.
 */
export async function askJudge(
  deps: { client: GatewayClient; target: GatewayTarget; now?: () => number },
  ask: {
    model: string;
    state: StateValue;
    questions: Question[];
    extra?: ExtraBody;
    signal?: AbortSignal;
  },
): Promise<JudgeAnswered> {
  // A coarse guard: the window warns near the limits; here only clearly-over requests stop.
  const estimate = estimateJudge(ask.state, ask.questions, await loadTokenCounter(), ask.model);
  const over = clearlyOverLimit(estimate);
  if (over) throw invalidInput(over.path, over.message);
  const reply = await postJudge(
    deps.client,
    deps.target,
    judgeRequestBody({ model: ask.model, state: ask.state, questions: ask.questions, extra: ask.extra }),
    { now: deps.now, signal: ask.signal },
  ).catch((err: unknown) => {
    throw err instanceof GatewayError && err.code === 'too_large' ? overLimitError(err, estimate) : err;
  });
  return { reply, parsed: parseJudgeResponse(reply.body, ask.questions), estimate };
}
