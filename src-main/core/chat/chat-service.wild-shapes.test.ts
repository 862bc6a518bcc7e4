import { describe, expect, it } from 'vitest';
import { wildChat } from './wild-chat.test-helper';

const wild = wildChat();
const ask = (model: string, content = 'What is 6 × 7?') =>
  wild.reply({ model, messages: [{ role: 'user', content }] });

describe('ChatService against the wild gateway: reply shapes', () => {
  it('saves the first of n > 1 choices as the reply and the others as its versions (‹ 1/2 ›)', async () => {
    wild.services();
    const r = await ask('wild-n2');
    expect(r.ended.type).toBe('done');
    const saved = wild.t.services.chat.get(r.conversationId).messages[1];
    expect(saved.content).toBe('First version.');
    expect(saved.branchIndex).toBe(0);
    expect(saved.alternatives?.map((tail) => tail.map((m) => m.content))).toEqual([['Second version.']]);
    const deltas = r.events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
    expect(deltas).toBe('First version.');
  });

  it('keeps earlier versions when an n > 1 reply is regenerated', async () => {
    wild.services();
    const q = { role: 'user' as const, content: 'again' };
    const first = await wild.reply({ model: 'wild-reasoner', messages: [q] });
    const second = await wild.reply(
      { conversationId: first.conversationId, model: 'wild-n2', messages: [q] },
      'reply-wild-regenerate',
    );
    expect(second.ended.type).toBe('done');
    const saved = wild.t.services.chat.get(first.conversationId).messages[1];
    expect(saved.content).toBe('First version.');
    expect(saved.alternatives?.map((tail) => tail[0].content)).toEqual([
      'The answer is 42.',
      'Second version.',
    ]);
    expect(saved.branchIndex).toBe(1);
  });

  it('saves a refusal as a refusal, and a reply of tool calls with them', async () => {
    wild.services();
    const refused = await ask('wild-refusal');
    expect(refused.ended.type).toBe('done');
    const no = wild.t.services.chat.get(refused.conversationId).messages[1];
    expect(no.refusal).toBe("I'm sorry, I can't help with that.");
    expect(no.content).toBe('');

    const tools = await ask('wild-tools', 'weather in Paris?');
    const called = wild.t.services.chat.get(tools.conversationId).messages[1];
    expect(called.content).toBe('Checking the weather.');
    expect(called.toolCalls?.map((c) => [c.name, c.arguments])).toEqual([
      ['get_weather', '{"city": "Paris", "unit": "celsius"}'],
      ['get_time', '{"zone": "Europe/Paris"'],
    ]);
  });

  it('saves content sent as parts, and the thinking before a stray </think> as reasoning', async () => {
    wild.services();
    const parts = await ask('wild-parts');
    expect(wild.t.services.chat.get(parts.conversationId).messages[1].content).toBe('The answer is 42.');
    const stray = await ask('wild-stray-think');
    const saved = wild.t.services.chat.get(stray.conversationId).messages[1];
    expect(saved.reasoning).toBe('The user asks 6 × 7. That is 42.');
    expect(saved.content).toBe('The answer is 42.');
  });

  it('tells the window when the answer shown so far turns out to be thinking', async () => {
    wild.services();
    const r = await ask('wild-stray-think');
    const kinds = r.events.map((e) => e.type);
    const at = kinds.indexOf('retract');
    expect(at).toBeGreaterThan(-1);
    const after = r.events.slice(at);
    const text = (type: string) =>
      after.flatMap((e) => (e.type === type ? [(e as { text: string }).text] : [])).join('');
    expect(text('reasoning')).toBe('The user asks 6 × 7. That is 42.');
    expect(text('delta')).toBe('The answer is 42.');
  });
});
