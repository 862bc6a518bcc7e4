import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from '../test-support/json-body';
import { tokenLogprobs } from './chat-logprobs';
import { startSandbox, type SandboxServer } from './server';
import { assembleStream, chatBody, post, readSse } from './test-helpers';

let server: SandboxServer;
beforeAll(async () => {
  server = await startSandbox({ tokenDelayMs: 0 });
});
afterAll(() => server.close());

const chat = (body: unknown) => post(server.baseUrl, '/chat/completions', body);
const text = async (body: unknown) => (await jsonBody(await chat(body))).choices[0].message.content as string;
const streamed = async (body: Record<string, unknown>) =>
  assembleStream((await readSse(await chat({ ...body, stream: true }))).data);

async function expect400(body: unknown, param: string, message: RegExp, code?: string) {
  const res = await chat(body);
  expect(res.status).toBe(400);
  const { error } = await jsonBody(res);
  expect(error.type).toBe('invalid_request_error');
  expect(error.param).toBe(param);
  expect(error.message).toMatch(message);
  if (code) expect(error.code).toBe(code);
}

describe('logprobs', () => {
  it('are plausible: at most 0, alternatives ranked below the chosen token, bytes of the token', () => {
    const tokens = ['Hello', ' world', ' café', ' 🚀'];
    const lp = tokenLogprobs(tokens, 5, 42);
    expect(lp).toEqual(tokenLogprobs(tokens, 5, 42));
    for (const [i, entry] of lp.entries()) {
      expect(entry.token).toBe(tokens[i]);
      expect(entry.bytes).toEqual([...Buffer.from(tokens[i], 'utf8')]);
      expect(entry.logprob).toBeLessThanOrEqual(0);
      expect(entry.top_logprobs).toHaveLength(5);
      expect(entry.top_logprobs[0]).toEqual({
        token: entry.token,
        logprob: entry.logprob,
        bytes: entry.bytes,
      });
      const values = entry.top_logprobs.map((t) => t.logprob);
      for (let k = 1; k < values.length; k++) expect(values[k]).toBeLessThan(values[k - 1]);
      expect(values.reduce((sum, v) => sum + Math.exp(v), 0)).toBeLessThanOrEqual(1.000001);
      expect(new Set(entry.top_logprobs.map((t) => t.token)).size).toBe(5);
    }
    expect(tokenLogprobs(tokens, 0, 42)[0].top_logprobs).toEqual([]);
  });

  it('come per token in the reply and per chunk in the stream, without changing the text', async () => {
    const body = chatBody('Tell me about owls', { logprobs: true, top_logprobs: 3 });
    const plain = await jsonBody(await chat(body));
    const { content } = plain.choices[0].message;
    expect(content).toBe(await text(chatBody('Tell me about owls')));
    const entries = plain.choices[0].logprobs.content;
    expect(plain.choices[0].logprobs.refusal).toBeNull();
    expect(entries.map((e: { token: string }) => e.token).join('')).toBe(content);
    expect(entries).toHaveLength(plain.usage.completion_tokens);
    expect(entries[0].top_logprobs).toHaveLength(3);

    const s = await streamed(body);
    expect(s.content).toBe(content);
    expect(s.logprobs).toEqual(entries);
    // Each content chunk carries its own token's logprobs; the role and finish chunks carry null.
    const contentChunks = s.chunks.filter((c) => c.choices[0]?.delta?.content);
    for (const c of contentChunks) expect(c.choices[0].logprobs.content).toHaveLength(1);
    expect(s.chunks[0].choices[0].logprobs).toBeNull();
    expect(s.chunks.at(-1).choices[0]).toMatchObject({ logprobs: null, finish_reason: 'stop' });
  });

  it('top_logprobs needs logprobs: true and stays within 0..20', async () => {
    await expect400(chatBody('x', { top_logprobs: 2 }), 'top_logprobs', /requires 'logprobs' to be true/);
    await expect400(chatBody('x', { logprobs: true, top_logprobs: 21 }), 'top_logprobs', /between 0 and 20/);
    await expect400(chatBody('x', { logprobs: true, top_logprobs: 1.5 }), 'top_logprobs', /integer/);
    await expect400(chatBody('x', { logprobs: 'yes' }), 'logprobs', /must be a boolean/);
  });
});

describe('seed, stop, penalties, token limits', () => {
  it('the same seed gives the same reply, another seed another reply', async () => {
    const a = await text(chatBody('A story', { seed: 7 }));
    expect(await text(chatBody('A story', { seed: 7 }))).toBe(a);
    expect(await text(chatBody('A story', { seed: 8 }))).not.toBe(a);
    expect((await streamed(chatBody('A story', { seed: 7 }))).content).toBe(a);
    await expect400(chatBody('x', { seed: 1.5 }), 'seed', /must be an integer/);
  });

  it('stop cuts the reply before the first stop sequence, streamed or not', async () => {
    const full = await text(chatBody('Tell me about UTF-8'));
    const at = full.indexOf('Highlights');
    expect(at).toBeGreaterThan(0);
    for (const stop of ['Highlights', ['zzz-never', 'Highlights', 'console.log']]) {
      const plain = await jsonBody(await chat(chatBody('Tell me about UTF-8', { stop })));
      expect(plain.choices[0].message.content).toBe(full.slice(0, at));
      expect(plain.choices[0].finish_reason).toBe('stop');
      const s = await streamed(chatBody('Tell me about UTF-8', { stop }));
      expect(s.content).toBe(full.slice(0, at));
      expect(s.finishReason).toBe('stop');
    }
    // A stop that never occurs leaves the reply whole.
    expect(await text(chatBody('Tell me about UTF-8', { stop: 'zzz-never' }))).toBe(full);
    await expect400(chatBody('x', { stop: ['a', 'b', 'c', 'd', 'e'] }), 'stop', /up to 4 strings/);
    await expect400(chatBody('x', { stop: 3 }), 'stop', /up to 4 strings/);
  });

  it('penalties are taken within -2..2', async () => {
    const ok = await chat(chatBody('x', { presence_penalty: -2, frequency_penalty: 2 }));
    expect(ok.status).toBe(200);
    await expect400(chatBody('x', { presence_penalty: 2.5 }), 'presence_penalty', /between -2 and 2/);
    await expect400(chatBody('x', { frequency_penalty: -3 }), 'frequency_penalty', /between -2 and 2/);
  });

  it('max_completion_tokens ends the reply like max_tokens', async () => {
    const body = await jsonBody(await chat(chatBody('hello', { max_completion_tokens: 6 })));
    expect(body.choices[0].finish_reason).toBe('length');
    expect(body.usage.completion_tokens).toBe(6);
    await expect400(chatBody('x', { max_completion_tokens: 0 }), 'max_completion_tokens', /positive integer/);
  });

  it('stream_options needs stream: true; include_usage adds the usage chunk', async () => {
    await expect400(
      chatBody('x', { stream_options: { include_usage: true } }),
      'stream_options',
      /only allowed when 'stream' is true/,
    );
    const s = await streamed(chatBody('x', { stream_options: { include_usage: true } }));
    expect(s.chunks.at(-1).choices).toEqual([]);
    expect(s.usage.completion_tokens).toBeGreaterThan(0);
  });
});

describe('reasoning_effort', () => {
  it('a reasoning model takes it and counts hidden reasoning tokens by effort', async () => {
    const usage = async (effort?: string) =>
      (
        await jsonBody(
          await chat(chatBody('Think hard', { model: 'sandbox-chat-reasoning', reasoning_effort: effort })),
        )
      ).usage;
    const low = await usage('low');
    const high = await usage('high');
    const minimal = await usage('minimal');
    expect(high.completion_tokens_details.reasoning_tokens).toBeGreaterThan(
      low.completion_tokens_details.reasoning_tokens,
    );
    expect(minimal.completion_tokens_details.reasoning_tokens).toBeLessThan(64);
    expect(low.total_tokens).toBe(low.prompt_tokens + low.completion_tokens);
    const reply = await text(
      chatBody('Think hard', { model: 'sandbox-chat-reasoning', reasoning_effort: 'high' }),
    );
    expect(reply).toContain('Reasoning effort: high');
    const s = await streamed(
      chatBody('Think hard', {
        model: 'sandbox-chat-reasoning',
        reasoning_effort: 'high',
        stream_options: { include_usage: true },
      }),
    );
    expect(s.usage).toEqual(high);
  });

  it('other models refuse it as the real API does; unknown efforts are named', async () => {
    await expect400(
      chatBody('x', { reasoning_effort: 'low' }),
      'reasoning_effort',
      /not supported with the model 'sandbox-chat-1'/,
      'unsupported_parameter',
    );
    await expect400(
      chatBody('x', { model: 'sandbox-chat-reasoning', reasoning_effort: 'extreme' }),
      'reasoning_effort',
      /must be one of minimal, low, medium, high/,
    );
  });
});

describe('messages of every role', () => {
  it('takes developer messages, text parts and assistant refusals', async () => {
    const res = await chat({
      model: 'sandbox-chat-1',
      messages: [
        { role: 'developer', content: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'user', content: 'First question' },
        { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
        { role: 'user', content: [{ type: 'text', text: 'Second question' }] },
      ],
    });
    expect(res.status).toBe(200);
    expect((await jsonBody(res)).choices[0].message.content).toContain('> Second question');
    await expect400(
      { model: 'sandbox-chat-1', messages: [{ role: 'assistant', content: null }] },
      'messages[0].content',
      /required unless the assistant message has tool_calls/,
    );
    await expect400(
      { model: 'sandbox-chat-1', messages: [{ role: 'function', content: 'x' }] },
      'messages[0].role',
      /must be one of system, developer, user, assistant, tool/,
    );
  });
});
