import { describe, expect, it } from 'vitest';
import { MAX_LOGPROB_ALTERNATIVES, MAX_LOGPROB_TOKENS } from '../../../src-shared/chat/logprobs';
import { joinLogprobs, LogprobCollector } from './logprob-collector';

describe('LogprobCollector', () => {
  it('reads tokens and alternatives over chunks, skipping what is not one', () => {
    const c = new LogprobCollector();
    expect(c.result).toBeUndefined();
    c.read({
      content: [{ token: 'a', logprob: -0.5, bytes: [97], top_logprobs: [{ token: 'b', logprob: -1 }] }],
    });
    c.read(null);
    c.read({ content: null });
    c.read({ content: [{ token: 'c', logprob: 'high' }, { logprob: -1 }, { token: 'd', logprob: 1e-9 }] });
    expect(c.result).toEqual({
      tokens: [
        { token: 'a', logprob: -0.5, top: [{ token: 'b', logprob: -1 }] },
        { token: 'd', logprob: 0 },
      ],
    });
  });

  it(`keeps at most ${MAX_LOGPROB_TOKENS} tokens and says it cut`, () => {
    const c = new LogprobCollector();
    const content = Array.from({ length: 1000 }, () => ({ token: 'x', logprob: -0.1 }));
    for (let i = 0; i < MAX_LOGPROB_TOKENS / 1000 + 1; i++) c.read({ content });
    expect(c.result?.tokens).toHaveLength(MAX_LOGPROB_TOKENS);
    expect(c.result?.cut).toBe(true);
  });

  it(`keeps at most ${MAX_LOGPROB_ALTERNATIVES} alternatives over the reply, tokens still kept`, () => {
    const c = new LogprobCollector();
    const top = Array.from({ length: 20 }, (_, i) => ({ token: `t${i}`, logprob: -i }));
    const content = Array.from({ length: 1000 }, () => ({ token: 'x', logprob: -0.1, top_logprobs: top }));
    for (let i = 0; i < 6; i++) c.read({ content });
    const tokens = c.result!.tokens;
    expect(tokens).toHaveLength(6000);
    expect(tokens.filter((t) => t.top).length).toBe(MAX_LOGPROB_ALTERNATIVES / 20);
    expect(c.result?.cut).toBe(true);
  });
});

describe('joinLogprobs (a cut reply and its continuation)', () => {
  const tok = (token: string, top?: { token: string; logprob: number }[]) => ({
    token,
    logprob: -0.2,
    ...(top ? { top } : {}),
  });

  it('joins both in order, alternatives kept', () => {
    const joined = joinLogprobs(
      { tokens: [tok('Hel'), tok('lo', [{ token: 'p', logprob: -3 }])] },
      { tokens: [tok(' world')] },
    );
    expect(joined).toEqual({ tokens: [tok('Hel'), tok('lo', [{ token: 'p', logprob: -3 }]), tok(' world')] });
  });

  it('keeps the cut reply’s, marked cut, when the continuation brought none; none when the cut reply had none', () => {
    expect(joinLogprobs({ tokens: [tok('a')] }, undefined)).toEqual({ tokens: [tok('a')], cut: true });
    expect(joinLogprobs(undefined, { tokens: [tok('b')] })).toBeUndefined();
    expect(joinLogprobs(undefined, undefined)).toBeUndefined();
  });

  it(`stays within ${MAX_LOGPROB_TOKENS} tokens and carries either side's cut`, () => {
    const many = { tokens: Array.from({ length: MAX_LOGPROB_TOKENS - 1 }, () => tok('x')) };
    const joined = joinLogprobs(many, { tokens: [tok('y'), tok('z')] });
    expect(joined?.tokens).toHaveLength(MAX_LOGPROB_TOKENS);
    expect(joined?.tokens.at(-1)?.token).toBe('y');
    expect(joined?.cut).toBe(true);
    expect(joinLogprobs({ tokens: [tok('a')], cut: true }, { tokens: [tok('b')] })?.cut).toBe(true);
    expect(joinLogprobs({ tokens: [tok('a')] }, { tokens: [tok('b')] })?.cut).toBeUndefined();
  });
});
