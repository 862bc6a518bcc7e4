import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeBehaviours, WILD_JUDGE_KEY } from '../../test-support/wild-gateway/judge-behaviours';
import { startWildGateway, type WildGateway } from '../../test-support/wild-gateway/server';
import { GatewayClient } from '../gateway/gateway-client';
import { GatewayError } from '../gateway/gateway-error';
import { RequestLog } from '../gateway/request-log';
import { AppFailure } from '../../../src-shared/result';
import { JUDGE_GUARD_FACTOR, JUDGE_PAIR_LIMIT, judgeTexts } from '../../../src-shared/judge/judge-estimate';
import { askJudge, mayBeClearlyOver } from './ask-judge';
import { sampleQuestions } from './sample-questions.test-helper';
import { inThreadTokenCounter, type TokenCounter } from './token-counter';

/*
 * askJudge's guard (docs/architecture.md, "The judge's tokenizer"): a request whose byte length
 * cannot be "clearly over" a limit is sent without counting a token; only one that might be is
 * counted (in the worker pool in the app), and a 413's message counts then.
 */
let gw: WildGateway;
beforeAll(async () => {
  gw = await startWildGateway(judgeBehaviours);
});
afterAll(() => gw.close());

function setup() {
  const log = new RequestLog();
  const calls: string[][] = [];
  const tokens: TokenCounter = {
    count: (texts, signal) => (calls.push(texts), inThreadTokenCounter.count(texts, signal)),
  };
  const deps = {
    client: new GatewayClient({ fetch, log }),
    target: { host: gw.origin, judgeSegment: 'partner', apiKey: WILD_JUDGE_KEY },
    tokens,
  };
  const ask = (state: string) => askJudge(deps, { model: 'judge-1.13.0', state, questions: sampleQuestions });
  return { log, calls, ask };
}

describe('askJudge counts tokens only when they can matter', () => {
  it('sends a request under the byte-length bound without counting', async () => {
    const { calls, ask, log } = setup();
    const { parsed } = await ask('The customer was happy with the cats.');
    expect(parsed.answers.length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
    expect(log.list()).toHaveLength(1);
  });

  it('counts once, then sends, when the bytes are over but the tokens are not clearly over', async () => {
    const { calls, ask, log } = setup();
    // 170,000 bytes but about 34,000 tokens: over the pair limit, not 1.25 times over it.
    const state = 'word '.repeat(34_000);
    expect(mayBeClearlyOver(judgeTexts(state, sampleQuestions))).toBe(true);
    await ask(state);
    expect(calls).toHaveLength(1);
    expect(calls[0][0]).toBe(state);
    expect(log.list()).toHaveLength(1);
  });

  it('refuses a clearly-over request by its count, naming the field, and sends nothing', async () => {
    const { calls, ask, log } = setup();
    const err = await ask('word '.repeat(60_000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppFailure);
    expect((err as AppFailure).error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^state: .*limit of 32,768 tokens/),
    });
    expect(calls).toHaveLength(1);
    expect(log.list()).toHaveLength(0);
  });

  it('counts for a 413’s message, after the gateway refused a request sent uncounted', async () => {
    const { calls, ask } = setup();
    const err = await ask('[wild:413] a short state').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).code).toBe('too_large');
    expect((err as GatewayError).message).toMatch(/The gateway counted more than the limit/);
    expect(calls).toHaveLength(1);
  });

  it('takes the bound at the guard’s threshold: a pair of exactly the threshold in bytes is not counted', () => {
    const texts = judgeTexts('', sampleQuestions);
    const longest = Math.max(...texts.questions.map((q) => Buffer.byteLength(q)));
    const atThreshold = 'a'.repeat(JUDGE_PAIR_LIMIT * JUDGE_GUARD_FACTOR - longest);
    expect(mayBeClearlyOver(judgeTexts(atThreshold, sampleQuestions))).toBe(false);
    expect(mayBeClearlyOver(judgeTexts(`${atThreshold}a`, sampleQuestions))).toBe(true);
  });
});
