import { describe, expect, it } from 'vitest';
import { streamedChatBody } from '../request/chat-body';
import { extraProblems } from '../request/extra-body';
import { chatParamsSchema } from './conversation';
import { liftFormFields } from './params-from-extra';

const problems = (params: unknown) =>
  chatParamsSchema.safeParse(params).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('the chat form’s request fields', () => {
  it('takes seed, stop, the penalties, reasoning effort and logprobs within the API’s ranges', () => {
    expect(
      problems({
        seed: -3,
        stop: ['END', '###'],
        presence_penalty: -2,
        frequency_penalty: 1.5,
        reasoning_effort: 'low',
        logprobs: true,
        top_logprobs: 20,
        include_usage: false,
      }),
    ).toEqual([]);
    expect(problems({ stop: 'one' })).toEqual([]);
  });

  it('names the field and the rule for each value out of range', () => {
    expect(problems({ seed: 1.5 })).toEqual(['seed: must be a whole number']);
    expect(problems({ stop: ['a', 'b', 'c', 'd', 'e'] })).toEqual(['stop: must hold 1 to 4 sequences']);
    expect(problems({ stop: [''] })).toEqual(['stop.0: must not be empty']);
    expect(problems({ presence_penalty: 2.5 })).toEqual(['presence_penalty: must be between -2 and 2']);
    expect(problems({ reasoning_effort: 'max' })).toEqual([
      'reasoning_effort: must be minimal, low, medium or high',
    ]);
    expect(problems({ logprobs: true, top_logprobs: 21 })).toEqual([
      'top_logprobs: must be between 0 and 20',
    ]);
    expect(problems({ top_logprobs: 2 })).toEqual([
      'top_logprobs: needs logprobs on (the API refuses top_logprobs without it)',
    ]);
  });

  it('sends them in the body, and no stream_options when usage is turned off', () => {
    const base = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
    expect(streamedChatBody({ ...base, seed: 7, stop: ['END'], logprobs: true, top_logprobs: 2 })).toEqual({
      ...base,
      seed: 7,
      stop: ['END'],
      logprobs: true,
      top_logprobs: 2,
      stream: true,
      stream_options: { include_usage: true },
    });
    const off = streamedChatBody({ ...base, include_usage: false });
    expect(off).not.toHaveProperty('stream_options');
    expect(off).not.toHaveProperty('include_usage');
  });

  it('keeps extras from setting what the form now owns', () => {
    expect(extraProblems({ seed: 1, stop: 'x', logprobs: true, thinking: {} }, 'chat')).toEqual([
      { rule: 'reserved', key: 'seed' },
      { rule: 'reserved', key: 'stop' },
      { rule: 'reserved', key: 'logprobs' },
    ]);
  });
});

describe('liftFormFields: extras saved before the form had these fields', () => {
  it('moves each one the form’s rule accepts, logprobs before top_logprobs, and keeps the rest', () => {
    expect(
      liftFormFields(
        { temperature: 1 },
        { top_logprobs: 2, logprobs: true, seed: 'x', stop: ['a'], thinking: { type: 'enabled' } },
      ),
    ).toEqual({
      params: { temperature: 1, logprobs: true, top_logprobs: 2, stop: ['a'] },
      extra: { seed: 'x', thinking: { type: 'enabled' } },
      moved: ['stop', 'logprobs', 'top_logprobs'],
    });
  });

  it('never overwrites a field the params already have, and leaves records without extras alone', () => {
    expect(liftFormFields({ seed: 1 }, { seed: 2 })).toEqual({
      params: { seed: 1 },
      extra: { seed: 2 },
      moved: [],
    });
    expect(liftFormFields({}, undefined)).toEqual({ params: {}, extra: undefined, moved: [] });
  });
});
