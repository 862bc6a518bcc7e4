import type { GatewayClient } from '../../gateway/gateway-client';
import { GatewayError } from '../../gateway/gateway-error';
import type { GatewayTarget } from '../../gateway/gateway-urls';
import { askJudge } from '../ask-judge';
import type { TokenCounter } from '../token-counter';
import type { BatchCase } from '../../../../src-shared/judge/batch-run';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { parseState } from '../../../../src-shared/judge/state-input';
import { caseError, pauseReasonOf } from './batch-errors';
import { type CaseOutcome, PauseRun, RateLimited } from './batch-runner';

export interface SendCaseDeps {
  client: GatewayClient;
  target: GatewayTarget;
  tokens?: TokenCounter;
  now: () => number;
}

/**
 * One case of a batch run through the same code as a single run (`askJudge`). A failure becomes
 * the case's result; a 429 throws RateLimited and a failure every later case would meet too (no
 * balance, no valid key, no network) throws PauseRun, for the runner.
 */
export async function sendBatchCase(
  deps: SendCaseDeps,
  model: string,
  questions: Question[],
  c: BatchCase,
  signal?: AbortSignal,
): Promise<CaseOutcome> {
  const state = parseState(c.state);
  if (!state.ok)
    return { status: 'failed', error: { code: 'invalid_input', message: `state: ${state.message}` } };
  try {
    const { reply, parsed } = await askJudge(deps, { model, state: state.value, questions, signal });
    return {
      status: 'done',
      answers: parsed.answers as unknown as Record<string, unknown>[],
      modelAnswered: parsed.model,
      inputTokens: parsed.usage.inputTokens,
      latencyMs: reply.latencyMs,
      raw: reply.raw,
      requestId: reply.requestId,
    };
  } catch (err) {
    if (signal?.aborted) throw err;
    if (err instanceof GatewayError && err.code === 'rate_limited') throw new RateLimited(err.retryAfterMs);
    const reason = pauseReasonOf(err, deps.now());
    if (reason) throw new PauseRun(reason);
    return { status: 'failed', error: caseError(err) };
  }
}
