import { describe, expect, it } from 'vitest';
import type { StartChatInput } from '../../../src-shared/chat/chat-events';
import { wildChat } from './wild-chat.test-helper';
import type { StoredMessage } from '../../../src-shared/chat/conversation';

const wild = wildChat();
const wildServices = () => wild.services();
const reply = (input: StartChatInput, streamId?: string) => wild.reply(input, streamId);
const lastSent = () => wild.lastSent();

describe('ChatService against the wild gateway', () => {
  it('streams reasoning events before the answer and saves the reasoning with its timings', async () => {
    wildServices();
    const r = await reply({ model: 'wild-reasoner', messages: [{ role: 'user', content: '6 × 7?' }] });
    expect(r.ended.type).toBe('done');
    const kinds = r.events.map((e) => e.type).filter((k) => k !== 'done');
    expect(kinds[0]).toBe('reasoning');
    expect(kinds.lastIndexOf('reasoning')).toBeLessThan(kinds.indexOf('delta'));
    const text = (type: string) =>
      r.events.flatMap((e) => (e.type === type ? [(e as { text: string }).text] : [])).join('');
    expect(text('reasoning')).toBe('Let me think. Six times seven is 42.');
    expect(text('delta')).toBe('The answer is 42.');
    const saved = wild.t.services.chat.get(r.conversationId).messages[1];
    expect(saved.reasoning).toBe('Let me think. Six times seven is 42.');
    expect(saved.content).toBe('The answer is 42.');
    expect(saved.stats?.reasoningMs).toBeGreaterThanOrEqual(500);
    expect(saved.stats?.firstReasoningMs).toBeLessThan(saved.stats!.firstTokenMs!);
  });

  it('never sends reasoning back, and skips failed or empty turns and a repeated question', async () => {
    wildServices();
    const history: StoredMessage[] = [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'The answer is 42.', reasoning: 'secret thoughts' },
      { role: 'user', content: 'second' },
      { role: 'assistant', content: '', error: { code: 'bad_request', message: 'quota' } },
      { role: 'user', content: 'second' },
      { role: 'assistant', content: '', reasoning: 'only thinking' },
      { role: 'user', content: 'third' },
    ];
    await reply({ model: 'wild-reasoner', system: 'Be brief.', messages: history });
    expect(lastSent()).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'The answer is 42.' },
      { role: 'user', content: 'second' },
      { role: 'user', content: 'third' },
    ]);
  });

  it('saves a 200 error envelope as a failed reply in the gateway’s words', async () => {
    wildServices();
    const r = await reply({ model: 'wild-envelope', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.ended.type).toBe('error');
    const failed = wild.t.services.chat.get(r.conversationId).messages[1];
    expect(failed.error?.code).toBe('bad_request');
    expect(failed.error?.details?.gatewayMessage).toBe('令牌额度已用尽 (token quota used up)');
  });

  it('saves the finish reason of a reply cut at the token limit', async () => {
    wildServices();
    const r = await reply({ model: 'wild-length', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.ended.type).toBe('done');
    expect(wild.t.services.chat.get(r.conversationId).messages[1].stats?.finishReason).toBe('length');
  });

  it('saves a 429 with its Retry-After wait and when it happened, and sends it again only when asked', async () => {
    wildServices();
    const question: StoredMessage = { role: 'user', content: 'A question the limit refuses once' };
    const before = Date.now();
    const r = await reply({ model: 'wild-rate-limited', messages: [question] });
    expect(r.ended.type).toBe('error');
    const failed = wild.t.services.chat.get(r.conversationId).messages[1];
    expect(failed.error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 2000 });
    expect(failed.stats?.endedAt).toBeGreaterThanOrEqual(before);
    expect(failed.stats?.endedAt).toBeLessThanOrEqual(Date.now());
    // A POST may cost money: the client did not send it again by itself.
    const sent = () => wild.gw.requests.filter((q) => JSON.stringify(q.json).includes(question.content));
    expect(sent()).toHaveLength(1);

    // What Retry does: the same history again, without the failed reply.
    const again = await reply(
      { conversationId: r.conversationId, model: 'wild-rate-limited', messages: [question] },
      'reply-wild-2',
    );
    expect(again.ended.type).toBe('done');
    expect(sent()).toHaveLength(2);
    expect(wild.t.services.chat.get(r.conversationId).messages.map((m) => m.content)).toEqual([
      question.content,
      'The answer is 42.',
    ]);
  });
});

describe('a reply that never ends', () => {
  it('is stopped at the longest message kept, with the cap named, and what arrived is saved', async () => {
    wildServices();
    const r = await reply({ model: 'wild-endless', messages: [{ role: 'user', content: 'go on forever' }] });
    expect(r.ended.type).toBe('error');
    const saved = wild.t.services.chat.get(r.conversationId).messages[1];
    expect(saved.content.length).toBe(2_000_000);
    expect(saved.error).toMatchObject({ code: 'bad_response', details: { limitChars: 2_000_000 } });
    expect(saved.error?.message).toMatch(/passed 2,000,000 characters/);
  });
});

describe('prompt variables', () => {
  it('fills placeholders in the system prompt and the questions sent, keeping the stored text and values', async () => {
    const t = wild.services();
    const { conversationId, ended } = await wild.reply({
      model: 'wild-plain',
      system: 'Answer in {{ lang }}.',
      variables: { lang: 'French', word: 'harbour', empty: '' },
      messages: [{ role: 'user', content: 'Say {{word}}, keep {{empty}} and {{unknown}}' }],
    });
    expect(ended.type).toBe('done');
    expect(wild.lastSent()).toEqual([
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'Say harbour, keep {{empty}} and {{unknown}}' },
    ]);
    const saved = t.services.chat.get(conversationId);
    expect(saved.system).toBe('Answer in {{ lang }}.');
    expect(saved.messages[0].content).toBe('Say {{word}}, keep {{empty}} and {{unknown}}');
    expect(saved.variables).toEqual({ lang: 'French', word: 'harbour', empty: '' });
  });

  it('never fills a placeholder in a model’s reply', async () => {
    wild.services();
    await wild.reply({
      model: 'wild-plain',
      variables: { name: 'Ada' },
      messages: [
        { role: 'user', content: 'Show a template' },
        { role: 'assistant', content: 'Hello {{name}}' },
        { role: 'user', content: 'Now for {{name}}' },
      ],
    });
    expect(wild.lastSent()).toEqual([
      { role: 'user', content: 'Show a template' },
      { role: 'assistant', content: 'Hello {{name}}' },
      { role: 'user', content: 'Now for Ada' },
    ]);
  });
});
