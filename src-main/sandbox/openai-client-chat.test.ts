import OpenAI from 'openai';
import { zodFunction, zodResponseFormat } from 'openai/helpers/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodePng } from './png-encoder';
import { startSandbox, type SandboxServer } from './server';

// Today's chat controls through the official client: what it sends, the Sandbox must read, and
// what the Sandbox answers, its helpers must assemble (docs/architecture.md, "Testing against peers").

let server: SandboxServer;
let client: OpenAI;

beforeAll(async () => {
  server = await startSandbox({ tokenDelayMs: 0 });
  client = new OpenAI({ apiKey: 'sk-test', baseURL: server.baseUrl, maxRetries: 0 });
});
afterAll(() => server.close());

const Weather = z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']) });
const Time = z.object({ zone: z.string() });
const tools: OpenAI.Chat.ChatCompletionFunctionTool[] = [
  { type: 'function', function: { name: 'get_weather', parameters: z.toJSONSchema(Weather), strict: true } },
  { type: 'function', function: { name: 'get_time', parameters: z.toJSONSchema(Time), strict: true } },
];
/** The function call of a tool call (the SDK's type also allows custom tools). */
function fn<T extends { type: string }>(call: T | undefined): Extract<T, { type: 'function' }> {
  if (call?.type !== 'function') throw new Error(`not a function call: ${JSON.stringify(call)}`);
  return call as Extract<T, { type: 'function' }>;
}
const user = (content: string): OpenAI.Chat.ChatCompletionMessageParam[] => [{ role: 'user', content }];

describe('official openai client: tools', () => {
  it('create() reads two parallel tool calls', async () => {
    const completion = await client.chat.completions.create({
      model: 'sandbox-chat-1',
      messages: user('Weather and time in Paris'),
      tools,
    });
    const choice = completion.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    const calls = choice.message.tool_calls ?? [];
    expect(calls.map((c) => c.type === 'function' && c.function.name)).toEqual(['get_weather', 'get_time']);
    const first = fn(calls[0]);
    expect(Weather.safeParse(JSON.parse(first.function.arguments)).error).toBeUndefined();
  });

  it("the stream helper assembles the two streamed calls into the plain reply's, arguments parsed", async () => {
    const params = { model: 'sandbox-chat-1', messages: user('Weather and time in Paris'), tools };
    const plain = await client.chat.completions.create(params);
    const stream = client.chat.completions.stream(params);
    const done: string[] = [];
    stream.on('tool_calls.function.arguments.done', (event) => done.push(event.name));
    const final = await stream.finalChatCompletion();
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    // The helper adds parsed_arguments (the tools are strict) to what the plain reply holds.
    expect(final.choices[0].message.tool_calls).toMatchObject(plain.choices[0].message.tool_calls!);
    expect(fn(final.choices[0].message.tool_calls?.[0]).function.parsed_arguments).toEqual(
      JSON.parse(fn(plain.choices[0].message.tool_calls?.[0]).function.arguments),
    );
    expect(done.sort()).toEqual(['get_time', 'get_weather']);
  });

  it('the stream helper assembles interleaved calls by index ([sandbox:interleave], tools not strict)', async () => {
    // A strict tool's arguments would be parsed when the next index starts, before they are
    // whole: the SDK expects calls one after the other, as OpenAI sends them.
    const loose = tools.map((t) => ({ ...t, function: { ...t.function, strict: false } }));
    const params = {
      model: 'sandbox-chat-1',
      messages: user('Weather and time [sandbox:interleave]'),
      tools: loose,
    };
    const plain = await client.chat.completions.create(params);
    const final = await client.chat.completions.stream(params).finalChatCompletion();
    expect(final.choices[0].message.tool_calls).toEqual(plain.choices[0].message.tool_calls);
  });

  it('runTools() calls our functions and gets an answer that uses their results', async () => {
    const seen: unknown[] = [];
    const runner = client.chat.completions.runTools({
      model: 'sandbox-chat-1',
      messages: user('Weather and time in Paris'),
      tools: [
        zodFunction({
          name: 'get_weather',
          parameters: Weather,
          function: (args) => {
            seen.push(args);
            return { temp: 21, sky: 'clear' };
          },
        }),
        zodFunction({ name: 'get_time', parameters: Time, function: () => '14:05' }),
      ],
    });
    const content = await runner.finalContent();
    expect(seen).toHaveLength(1);
    expect(content).toContain('The tool `get_weather` returned: {"temp":21,"sky":"clear"}');
    expect(content).toContain('The tool `get_time` returned: 14:05');
  });

  it('parse() gives parsed_arguments for a zodFunction tool', async () => {
    const completion = await client.chat.completions.parse({
      model: 'sandbox-chat-1',
      messages: user('Weather in Lima'),
      tools: [zodFunction({ name: 'get_weather', parameters: Weather })],
    });
    const call = fn(completion.choices[0].message.tool_calls?.[0]);
    expect(Weather.parse(call.function.parsed_arguments)).toEqual(call.function.parsed_arguments);
  });
});

describe('official openai client: structured outputs', () => {
  const Recipe = z.object({
    title: z.string(),
    servings: z.int().min(1).max(12),
    steps: z.array(z.object({ text: z.string(), minutes: z.number() })).min(2),
  });

  it('parse() with zodResponseFormat gives a parsed instance, streamed or not', async () => {
    const params = {
      model: 'sandbox-chat-1',
      messages: user('A recipe for soup'),
      response_format: zodResponseFormat(Recipe, 'recipe'),
    };
    const completion = await client.chat.completions.parse(params);
    const parsed = completion.choices[0].message.parsed;
    expect(Recipe.parse(parsed)).toEqual(parsed);
    expect(parsed?.steps.length).toBeGreaterThanOrEqual(2);

    const final = await client.chat.completions.stream(params).finalChatCompletion();
    expect(final.choices[0].message.parsed).toEqual(parsed);
  });

  it('[sandbox:break-schema] makes parse() fail on the broken field', async () => {
    const failed = await client.chat.completions
      .parse({
        model: 'sandbox-chat-1',
        messages: user('A recipe [sandbox:break-schema]'),
        response_format: zodResponseFormat(Recipe, 'recipe'),
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(String(failed)).toMatch(/title/);
  });
});

describe('official openai client: images and logprobs', () => {
  it('sends an image part and reads the description', async () => {
    const png = encodePng(2, 2, new Uint8Array(12).fill(255)).toString('base64');
    const completion = await client.chat.completions.create({
      model: 'sandbox-chat-1',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What colour is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${png}`, detail: 'high' } },
          ],
        },
      ],
    });
    expect(completion.choices[0].message.content).toContain('Image 1: PNG, 2×2 pixels');
    expect(completion.choices[0].message.content).toContain('white #ffffff (100%)');
  });

  it('refuses a remote image with a typed 400 naming the part', async () => {
    const err = await client.chat.completions
      .create({
        model: 'sandbox-chat-1',
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] },
        ],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect((err as InstanceType<typeof OpenAI.BadRequestError>).param).toBe(
      'messages[0].content[0].image_url.url',
    );
  });

  it('the stream helper collects the logprobs of every chunk', async () => {
    const params = {
      model: 'sandbox-chat-1',
      messages: user('Say something short'),
      logprobs: true,
      top_logprobs: 2,
      max_tokens: 12,
    };
    const plain = await client.chat.completions.create(params);
    const final = await client.chat.completions.stream(params).finalChatCompletion();
    expect(final.choices[0].logprobs?.content).toEqual(plain.choices[0].logprobs?.content);
    expect(plain.choices[0].logprobs?.content).toHaveLength(12);
  });
});
