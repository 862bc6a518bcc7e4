import { describe, expect, it } from 'vitest';
import { GatewayError } from '../gateway/gateway-error';
import type { JudgeEstimate } from '../../../src-shared/judge/judge-estimate';
import { overLimitError } from './judge-limit-error';

const estimate = (pairTokens: number, totalTokens: number): JudgeEstimate => ({
  stateTokens: pairTokens - 100,
  longestQuestionTokens: 100,
  longestQuestionName: 'tone',
  pairTokens,
  totalTokens,
  overPairLimit: pairTokens > 32_768,
  overContextLimit: totalTokens > 65_536,
  costYuan: 0,
});
const refused = new GatewayError('too_large', 'x', 413, 'Request exceeds the token limit', undefined, {
  requestId: 'r-1',
  errorType: 'tokens_exceeded',
});

describe('the judge over-limit error', () => {
  it('names the state-plus-question limit and the amount over, keeping the gateway words and id', () => {
    const err = overLimitError(refused, estimate(40_000, 41_000));
    expect(err.message).toBe(
      "The state plus the longest question (“tone”) is about 40,000 tokens, 7,232 over the judge's limit of 32,768. Shorten the state.",
    );
    expect(err.toAppError()).toMatchObject({
      code: 'too_large',
      status: 413,
      details: {
        limit: 'pair',
        overBy: 7_232,
        requestId: 'r-1',
        gatewayMessage: 'Request exceeds the token limit',
      },
    });
  });

  it('names the whole-request limit when that is the one exceeded', () => {
    const err = overLimitError(refused, estimate(20_000, 70_000));
    expect(err.toAppError().details).toMatchObject({ limit: 'total', limitTokens: 65_536, overBy: 4_464 });
    expect(err.message).toMatch(/^The whole request is about 70,000 tokens, 4,464 over/);
  });

  it('says the gateway counted more when the estimate is under both limits', () => {
    const err = overLimitError(refused, estimate(32_000, 33_000));
    expect(err.toAppError().details).toMatchObject({ limit: 'pair', overBy: 0, estimatedTokens: 32_000 });
    expect(err.message).toMatch(/gateway counted more than the limit of 32,768 tokens .*32,000/);
  });
});
