import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxServer } from './server';

let server: SandboxServer;
let client: OpenAI;

beforeAll(async () => {
  server = await startSandbox({ tokenDelayMs: 1 });
  client = new OpenAI({ apiKey: 'sk-test', baseURL: server.baseUrl, maxRetries: 0 });
});
afterAll(() => server.close());

const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Explain streaming in one paragraph, merci 🙏' },
];

describe('official openai client against the sandbox', () => {
  it('lists models', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toContain('sandbox-chat-1');
    expect(ids).toContain('judge-latest');
  });

  it('creates a plain chat completion', async () => {
    const completion = await client.chat.completions.create({ model: 'sandbox-chat-mini', messages });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0].message.content).toContain('merci 🙏');
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('streams the same text as the plain request', async () => {
    const plain = await client.chat.completions.create({
      model: 'sandbox-chat-mini',
      messages,
      temperature: 0.3,
    });
    const stream = await client.chat.completions.create({
      model: 'sandbox-chat-mini',
      messages,
      temperature: 0.3,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(plain.choices[0].message.content);
    expect(usage).toEqual(plain.usage);
  });

  it('surfaces gateway errors as typed API errors', async () => {
    const err = await client.chat.completions.create({ model: 'nope', messages }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.NotFoundError);
    expect((err as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('model_not_found');
    const bad = new OpenAI({ apiKey: 'not-a-key', baseURL: server.baseUrl, maxRetries: 0 });
    await expect(bad.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('reports the mid-stream error event as an error while iterating', async () => {
    const stream = await client.chat.completions.create(
      { model: 'sandbox-chat-1', messages, stream: true },
      { headers: { 'x-sandbox-fault': 'error-event' } },
    );
    const consume = async () => {
      for await (const chunk of stream) void chunk;
    };
    await expect(consume()).rejects.toThrow(/error event mid-stream/);
  });
});
