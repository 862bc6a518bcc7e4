import { describe, expect, it } from 'vitest';
import { wildChat } from './wild-chat-ask.test-helper';
import { streamChat } from './chat-api';

const { ask, target, client } = wildChat();

describe('streamChat against the wild gateway: reasoning', () => {
  it('keeps reasoning_content apart from the answer and times the thinking', async () => {
    const { out, deltas, thoughts } = await ask('wild-reasoner');
    expect(out.error).toBeUndefined();
    expect(out.reasoning).toBe('Let me think. Six times seven is 42.');
    expect(out.text).toBe('The answer is 42.');
    expect(thoughts.join('')).toBe(out.reasoning);
    expect(deltas.join('')).toBe(out.text);
    const { firstReasoningMs, firstTokenMs, reasoningMs } = out.timings;
    expect(firstReasoningMs).toBeDefined();
    // The reasoner thinks for a while before its first content token.
    expect(firstTokenMs! - firstReasoningMs!).toBeGreaterThanOrEqual(500);
    expect(reasoningMs).toBe(firstTokenMs! - firstReasoningMs!);
  });

  it('reads OpenRouter’s `reasoning`, also when one chunk carries reasoning and content', async () => {
    const { out } = await ask('wild-openrouter');
    expect(out.reasoning).toBe('Routing thoughts. Done thinking.');
    expect(out.text).toBe('The answer is 42.');
  });

  it('moves <think>…</think> out of the content, with the tags split across chunks', async () => {
    const { out, deltas } = await ask('wild-think-tags');
    expect(out.error).toBeUndefined();
    expect(out.reasoning).toBe('Tags hold my thoughts.');
    expect(out.text).toBe('The answer is 42.');
    expect(deltas.join('')).not.toContain('<');
  });

  it('keeps a reply that is only reasoning, with no answer text', async () => {
    const { out } = await ask('wild-only-thinking');
    expect(out.error).toBeUndefined();
    expect(out.text).toBe('');
    expect(out.reasoning).toBe('Thinking, and thinking…');
    expect(out.timings.reasoningMs).toBeDefined();
  });
});

describe('streamChat against the wild gateway: odd answers to a stream request', () => {
  it('shows a plain JSON chat.completion as the reply', async () => {
    const { out, deltas } = await ask('wild-plain-json');
    expect(out.error).toBeUndefined();
    expect(out.text).toBe('A whole answer at once.');
    expect(deltas).toEqual(['A whole answer at once.']);
    expect(out.reasoning).toBe('Brief.');
    expect(out.finishReason).toBe('stop');
    expect(out.usage?.completion_tokens).toBe(6);
  });

  it('turns a 200 error envelope into an error in the gateway’s words', async () => {
    const { out } = await ask('wild-envelope');
    expect(out.error?.code).toBe('bad_request');
    expect(out.error?.gatewayMessage).toBe('令牌额度已用尽 (token quota used up)');
    expect(out.error?.message).not.toMatch(/reached/);
  });

  it('reads an error body sent under a stream content type, with no SSE framing', async () => {
    const { out } = await ask('wild-envelope-sse');
    expect(out.error?.code).toBe('payment_required');
    expect(out.error?.gatewayMessage).toBe('Insufficient account balance');
  });

  it('turns an SSE `event: error` frame into an error, keeping the text before it', async () => {
    const { out } = await ask('wild-error-event');
    expect(out.text).toBe('Partial ');
    expect(out.error?.code).toBe('rate_limited');
    expect(out.error?.gatewayMessage).toBe('Upstream rate limit reached');
  });

  it('reduces an HTML page to its title', async () => {
    const { out } = await ask('wild-html');
    expect(out.error?.code).toBe('bad_response');
    expect(out.error?.gatewayMessage).toBe('502 Bad Gateway');
    expect(out.error?.message).toContain('web page');
  });

  it('reports a cut stream as stream_error, never as unreachable', async () => {
    const { out } = await ask('wild-cut');
    expect(out.text).toBe('Half an ans');
    expect(out.error?.code).toBe('stream_error');
    expect(out.error?.message).not.toMatch(/could not be reached/);
  });

  it('gives up after the idle timeout asked for, keeping the reasoning so far', async () => {
    // The reasoner goes silent for WILD_THINKING_MS after its reasoning: longer than allowed here.
    const out = await streamChat(
      client(),
      { ...target(), apiKey: undefined },
      { model: 'wild-reasoner', messages: [{ role: 'user', content: 'hi' }] },
      () => {},
      { idleTimeoutMs: 300 },
    );
    expect(out.error?.code).toBe('timeout');
    expect(out.reasoning).toBe('Let me think. Six times seven is 42.');
    expect(out.text).toBe('');
  });

  it('keeps finish reasons other than stop', async () => {
    expect((await ask('wild-length')).out.finishReason).toBe('length');
    expect((await ask('wild-filter')).out.finishReason).toBe('content_filter');
  });
});
