import { describe, expect, it } from 'vitest';
import { wildChat } from './wild-chat-ask.test-helper';
import { completeChat } from './chat-api';

const { ask, target, client } = wildChat();

describe('streamChat against the wild gateway: reply shapes', () => {
  it('keeps n > 1 choices apart by index: the first is the reply, the others its versions', async () => {
    const { out, deltas } = await ask('wild-n2');
    expect(out.error).toBeUndefined();
    expect(out.text).toBe('First version.');
    expect(deltas.join('')).toBe('First version.');
    expect(out.finishReason).toBe('length');
    expect(out.others).toEqual([{ text: 'Second version.', reasoning: '', finishReason: 'stop' }]);
  });

  it('keeps the choices of a whole JSON completion apart too', async () => {
    const { out } = await ask('wild-n2-json');
    expect(out.text).toBe('First version.');
    expect(out.others?.map((o) => o.text)).toEqual(['Second version.']);
  });

  it('keeps a streamed refusal as a refusal, not as an empty reply', async () => {
    const { out } = await ask('wild-refusal');
    expect(out.error).toBeUndefined();
    expect(out.text).toBe('');
    expect(out.refusal).toBe("I'm sorry, I can't help with that.");
  });

  it('keeps the refusal of a whole completion', async () => {
    const { out } = await ask('wild-refusal-json');
    expect(out.error).toBeUndefined();
    expect(out.refusal).toBe("I can't help with that.");
  });

  it('joins the text parts of content sent as an array', async () => {
    expect((await ask('wild-parts')).out.text).toBe('The answer is 42.');
    const whole = await ask('wild-parts-json');
    expect(whole.out.error).toBeUndefined();
    expect(whole.out.text).toBe('The answer is 42.');
  });

  it('assembles tool calls sent in fragments, by index', async () => {
    const { out } = await ask('wild-tools');
    expect(out.error).toBeUndefined();
    expect(out.text).toBe('Checking the weather.');
    expect(out.finishReason).toBe('tool_calls');
    expect(out.toolCalls).toEqual([
      { id: 'call_a1', name: 'get_weather', arguments: '{"city": "Paris", "unit": "celsius"}' },
      { id: 'call_b2', name: 'get_time', arguments: '{"zone": "Europe/Paris"' },
    ]);
  });

  it('keeps the tool calls of a whole completion and the legacy function_call', async () => {
    const whole = await ask('wild-tools-json');
    expect(whole.out.error).toBeUndefined();
    expect(whole.out.toolCalls).toEqual([
      { id: 'call_a1', name: 'get_weather', arguments: '{"city": "Paris", "unit": "celsius"}' },
    ]);
    const legacy = await ask('wild-function-call');
    expect(legacy.out.error).toBeUndefined();
    expect(legacy.out.toolCalls).toEqual([
      { name: 'get_weather', arguments: '{"city": "Paris", "unit": "celsius"}' },
    ]);
  });

  it('reads text before a stray leading </think> as reasoning', async () => {
    const { out } = await ask('wild-stray-think');
    expect(out.reasoning).toBe('The user asks 6 × 7. That is 42.');
    expect(out.text).toBe('The answer is 42.');
  });
});

describe('completeChat against the wild gateway', () => {
  it('reads several choices, refusals and tool calls the way a stream’s whole answer is read', async () => {
    const complete = (model: string) =>
      completeChat(client(), target(), { model, messages: [{ role: 'user', content: 'hi' }] });
    const two = await complete('wild-n2-json');
    expect(two.text).toBe('First version.');
    expect(two.others?.map((o) => o.text)).toEqual(['Second version.']);
    expect((await complete('wild-refusal-json')).refusal).toBe("I can't help with that.");
    expect((await complete('wild-parts-json')).text).toBe('The answer is 42.');
    expect((await complete('wild-tools-json')).toolCalls?.[0].name).toBe('get_weather');
  });
});
