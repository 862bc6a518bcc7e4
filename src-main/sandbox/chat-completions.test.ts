import { streamPacing } from './chat-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from '../test-support/json-body';
import { startSandbox, type SandboxServer } from './server';
import { chatBody, joinDeltas, post, readSse } from './test-helpers';

let server: SandboxServer;

beforeAll(async () => {
  server = await startSandbox({ tokenDelayMs: 1 });
});
afterAll(() => server.close());

const chat = (body: unknown) => post(server.baseUrl, '/chat/completions', body);

async function expect400(body: unknown, param: string, message: string | RegExp) {
  const res = await chat(body);
  expect(res.status).toBe(400);
  const { error } = await jsonBody(res);
  expect(error.type).toBe('invalid_request_error');
  expect(error.param).toBe(param);
  expect(error.message).toMatch(message);
}

describe('validation', () => {
  it('names missing or bad fields', async () => {
    await expect400(
      { model: 'sandbox-chat-1' },
      'messages',
      'messages is required and must be a non-empty array',
    );
    await expect400({ model: 'sandbox-chat-1', messages: [] }, 'messages', /^messages is required/);
    await expect400({ messages: [{ role: 'user', content: 'hi' }] }, 'model', /^model is required/);
    await expect400(
      chatBody('hi', { messages: [{ role: 'robot', content: 'x' }] }),
      'messages[0].role',
      /^messages\[0\]\.role/,
    );
    await expect400(
      chatBody('hi', { messages: [{ role: 'user' }] }),
      'messages[0].content',
      /^messages\[0\]\.content/,
    );
    await expect400(
      chatBody('hi', { temperature: 2.5 }),
      'temperature',
      /^temperature must be a number between 0 and 2/,
    );
    await expect400(chatBody('hi', { top_p: -0.1 }), 'top_p', /^top_p must be a number between 0 and 1/);
    await expect400(
      chatBody('hi', { max_tokens: 0 }),
      'max_tokens',
      /^max_tokens must be a positive integer/,
    );
    await expect400(chatBody('hi', { max_tokens: 2.5 }), 'max_tokens', /^max_tokens/);
  });

  it('answers 404 model_not_found naming an unknown or non-chat model', async () => {
    for (const model of ['gpt-nope', 'sandbox-embed-1']) {
      const res = await chat(chatBody('hi', { model }));
      expect(res.status).toBe(404);
      const { error } = await jsonBody(res);
      expect(error.code).toBe('model_not_found');
      expect(error.message).toContain(model);
    }
  });
});

describe('non-stream reply', () => {
  it('has the OpenAI completion shape with usage that adds up', async () => {
    const res = await chat(chatBody('Tell me about UTF-8'));
    expect(res.status).toBe(200);
    const body = await jsonBody(res);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'sandbox-chat-1',
      choices: [{ index: 0, message: { role: 'assistant' }, finish_reason: 'stop' }],
    });
    const { content } = body.choices[0].message;
    expect(content).toContain('Tell me about UTF-8');
    expect(content).toContain('```');
    expect(content).toMatch(/^- /m);
    for (const s of ['café', '你好', '👋']) expect(content).toContain(s);
    const { usage } = body;
    expect(usage.completion_tokens).toBeGreaterThan(90);
    expect(usage.completion_tokens).toBeLessThan(200);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
  });

  it('is deterministic per request and changes with the request', async () => {
    const text = async (body: unknown) =>
      (await jsonBody(await chat(body))).choices[0].message.content as string;
    const a = await text(chatBody('same question', { temperature: 0.7 }));
    const b = await text(chatBody('same question', { temperature: 0.7 }));
    const c = await text(chatBody('same question', { temperature: 0.2 }));
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('honours max_tokens with finish_reason length', async () => {
    const body = await jsonBody(await chat(chatBody('hello', { max_tokens: 7 })));
    expect(body.choices[0].finish_reason).toBe('length');
    expect(body.usage.completion_tokens).toBe(7);
  });

  it('produces the number of tokens asked for in the prompt, capped at 50000', async () => {
    const body = await jsonBody(await chat(chatBody('Please write 3000 tokens about rivers')));
    expect(body.usage.completion_tokens).toBe(3000);
    const capped = await jsonBody(await chat(chatBody('write 90000 tokens', { max_tokens: 60000 })));
    expect(capped.usage.completion_tokens).toBe(50000);
    const long = await jsonBody(await chat(chatBody('give me a long reply')));
    expect(long.usage.completion_tokens).toBeGreaterThan(1500);
  });
});

describe('stream', () => {
  it('streams role chunk, one chunk per token, finish, usage, then [DONE]', async () => {
    const body = chatBody('stream this', { stream: true, stream_options: { include_usage: true } });
    const res = await chat(body);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const sse = await readSse(res);
    expect(sse.comments[0]).toBe('keep-alive');
    expect(sse.data.at(-1)).toBe('[DONE]');
    const chunks = sse.data.slice(0, -1).map((d) => JSON.parse(d));
    expect(chunks[0].choices[0]).toEqual({
      index: 0,
      delta: { role: 'assistant', content: '' },
      finish_reason: null,
    });
    const usageChunk = chunks.at(-1);
    expect(usageChunk.choices).toEqual([]);
    const finish = chunks.at(-2);
    expect(finish.choices[0].finish_reason).toBe('stop');
    const tokenChunks = chunks.slice(1, -2);
    expect(tokenChunks.every((c) => c.object === 'chat.completion.chunk' && c.id === chunks[0].id)).toBe(
      true,
    );
    expect(usageChunk.usage.completion_tokens).toBe(tokenChunks.length);

    const plain = await jsonBody(await chat(chatBody('stream this')));
    expect(joinDeltas(sse.data)).toBe(plain.choices[0].message.content);
    expect(usageChunk.usage).toEqual(plain.usage);
  });

  it('omits the usage chunk unless include_usage is set', async () => {
    const sse = await readSse(await chat(chatBody('no usage', { stream: true })));
    const chunks = sse.data.slice(0, -1).map((d) => JSON.parse(d));
    expect(chunks.some((c) => 'usage' in c)).toBe(false);
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
  });

  it('splits multi-byte characters across network reads and they reassemble intact', async () => {
    const prompt = 'write 400 tokens with café 你好 🚀';
    const sse = await readSse(await chat(chatBody(prompt, { stream: true })));
    const plain = await jsonBody(await chat(chatBody(prompt)));
    const text = joinDeltas(sse.data);
    expect(text).toBe(plain.choices[0].message.content);
    expect(text).not.toContain('\uFFFD');
    expect(text).toContain('你好');
    expect(sse.splitReads).toBeGreaterThan(0);
  });

  it('paces a 20000-token reply in batches whose pauses stay within a few seconds', async () => {
    // The pause budget, not wall time: wall time on a busy machine is for `npm run bench`.
    const { writes, perWrite } = streamPacing(20000, 15);
    expect(writes * perWrite).toBeGreaterThanOrEqual(20000);
    expect(writes * 15).toBeLessThanOrEqual(3000);
    expect(streamPacing(50, 15)).toEqual({ writes: 50, perWrite: 1 });
    const paced = await startSandbox();
    try {
      const res = await post(
        paced.baseUrl,
        '/chat/completions',
        chatBody('write 20000 tokens', { stream: true }),
      );
      const sse = await readSse(res);
      expect(sse.data.length).toBe(20000 + 3); // role + tokens + finish + [DONE]
    } finally {
      await paced.close();
    }
  });

  it('stops generating when the client disconnects', async () => {
    const res = await post(
      server.baseUrl,
      '/chat/completions',
      chatBody('write 50000 tokens', { stream: true }),
    );
    const reader = res.body!.getReader();
    await reader.read();
    await reader.read();
    expect(server.state.activeStreams).toBe(1);
    await reader.cancel();
    const deadline = Date.now() + 1000;
    while (server.state.activeStreams > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(server.state.activeStreams).toBe(0);
    const sent = server.state.streamedChunks;
    await new Promise((r) => setTimeout(r, 100));
    expect(server.state.streamedChunks).toBe(sent);
    expect(sent).toBeLessThan(50000);
  });
});
