import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonBody } from '../test-support/json-body';
import { startSandbox, type SandboxServer } from './server';
import { assembleStream, post, readSse } from './test-helpers';

const weatherArgs = z.object({
  city: z.string(),
  unit: z.enum(['celsius', 'fahrenheit']),
  days: z.int().min(1).max(7),
});
const weather = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The forecast for a city',
    parameters: z.toJSONSchema(weatherArgs),
    strict: true,
  },
};
const clock = {
  type: 'function',
  function: { name: 'get_time', parameters: { type: 'object', properties: {} } },
};

let server: SandboxServer;
beforeAll(async () => {
  server = await startSandbox({ tokenDelayMs: 0 });
});
afterAll(() => server.close());

const chat = (body: unknown) => post(server.baseUrl, '/chat/completions', body);
const ask = (content: string, extra: Record<string, unknown> = {}) => ({
  model: 'sandbox-chat-1',
  messages: [{ role: 'user', content }],
  ...extra,
});
const streamed = async (body: Record<string, unknown>) =>
  assembleStream((await readSse(await chat({ ...body, stream: true }))).data);

async function expect400(body: unknown, param: string, message: RegExp) {
  const res = await chat(body);
  expect(res.status).toBe(400);
  const { error } = await jsonBody(res);
  expect(error.type).toBe('invalid_request_error');
  expect(error.param).toBe(param);
  expect(error.message).toMatch(message);
}

describe('tool calls', () => {
  it('calls the tool with arguments that fit its parameters, streamed as OpenAI streams them', async () => {
    const body = ask('What is the weather in Paris?', { tools: [weather] });
    const plain = await jsonBody(await chat(body));
    const choice = plain.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message).toMatchObject({ role: 'assistant', content: null });
    expect(choice.message.tool_calls).toHaveLength(1);
    const [call] = choice.message.tool_calls;
    expect(call).toMatchObject({ id: expect.stringMatching(/^call_/), type: 'function' });
    expect(call.function.name).toBe('get_weather');
    expect(weatherArgs.safeParse(JSON.parse(call.function.arguments)).error).toBeUndefined();
    expect(plain.usage.completion_tokens).toBeGreaterThan(0);

    const s = await streamed(body);
    expect(s.chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: null });
    const deltas = s.chunks.slice(1, -1).map((c) => c.choices[0].delta.tool_calls[0]);
    expect(deltas[0]).toEqual({
      index: 0,
      id: call.id,
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    // The arguments follow in several fragments that carry only index and arguments.
    expect(deltas.length).toBeGreaterThan(3);
    for (const d of deltas.slice(1)) expect(Object.keys(d).sort()).toEqual(['function', 'index']);
    expect(s.finishReason).toBe('tool_calls');
    expect(s.toolCalls).toEqual([
      { id: call.id, type: 'function', name: 'get_weather', arguments: call.function.arguments },
    ]);
  });

  it('calls two tools at once, one after the other in the stream, unless parallel_tool_calls is false', async () => {
    const body = ask('Weather and time, please', { tools: [weather, clock] });
    const plain = await jsonBody(await chat(body));
    const calls = plain.choices[0].message.tool_calls;
    expect(calls.map((c: { function: { name: string } }) => c.function.name)).toEqual([
      'get_weather',
      'get_time',
    ]);
    const asStreamed = (s: Awaited<ReturnType<typeof streamed>>) =>
      s.toolCalls.map((c) => [c.id, c.name, c.arguments]);
    const asPlain = (list: { id: string; function: { name: string; arguments: string } }[]) =>
      list.map((c) => [c.id, c.function.name, c.function.arguments]);
    const s = await streamed(body);
    const indexes = s.chunks.slice(1, -1).map((c) => c.choices[0].delta.tool_calls[0].index);
    // As OpenAI streams them: call 0 whole, then call 1 (the SDK's helper relies on it).
    expect(indexes).toEqual([...indexes].sort());
    expect(indexes.at(-1)).toBe(1);
    expect(asStreamed(s)).toEqual(asPlain(calls));

    const single = await jsonBody(await chat({ ...body, parallel_tool_calls: false }));
    expect(single.choices[0].message.tool_calls).toHaveLength(1);
  });

  it('[sandbox:interleave] alternates the fragments of the two calls', async () => {
    const body = ask('Weather and time [sandbox:interleave]', { tools: [weather, clock] });
    const plain = await jsonBody(await chat(body));
    const s = await streamed(body);
    const indexes = s.chunks.slice(1, -1).map((c) => c.choices[0].delta.tool_calls[0].index);
    expect(indexes.slice(0, 4)).toEqual([0, 1, 0, 1]);
    expect(s.toolCalls.map((c) => c.arguments)).toEqual(
      plain.choices[0].message.tool_calls.map(
        (c: { function: { arguments: string } }) => c.function.arguments,
      ),
    );
  });

  it('picks the tool the prompt names first; [sandbox:parallel] calls one tool twice', async () => {
    const named = await jsonBody(await chat(ask('Call get_time now', { tools: [weather, clock] })));
    expect(named.choices[0].message.tool_calls[0].function.name).toBe('get_time');
    const twice = await jsonBody(await chat(ask('Two cities [sandbox:parallel]', { tools: [weather] })));
    const calls = twice.choices[0].message.tool_calls;
    expect(calls.map((c: { function: { name: string } }) => c.function.name)).toEqual([
      'get_weather',
      'get_weather',
    ]);
    expect(calls[0].id).not.toBe(calls[1].id);
  });

  it('follows tool_choice: a named function, none, required', async () => {
    const forced = await jsonBody(
      await chat(
        ask('Weather?', {
          tools: [weather, clock],
          tool_choice: { type: 'function', function: { name: 'get_time' } },
        }),
      ),
    );
    expect(
      forced.choices[0].message.tool_calls.map((c: { function: { name: string } }) => c.function.name),
    ).toEqual(['get_time']);
    const none = await jsonBody(await chat(ask('Weather?', { tools: [weather], tool_choice: 'none' })));
    expect(none.choices[0].finish_reason).toBe('stop');
    expect(none.choices[0].message.content).toContain('**Sandbox reply**');
  });

  it('the faults interrupt a tool-call stream as they do a text stream', async () => {
    const body = { ...ask('Weather and time', { tools: [weather, clock] }), stream: true };
    const errored = await readSse(
      await post(server.baseUrl, '/chat/completions', body, { 'x-sandbox-fault': 'error-event' }),
    );
    expect(JSON.parse(errored.data.at(-1)!).error.code).toBe('sandbox_fault');
    expect(errored.data).not.toContain('[DONE]');
    const cut = await readSse(
      await post(server.baseUrl, '/chat/completions', body, { 'x-sandbox-fault': 'cut-stream' }),
    );
    expect(cut.broken).toBe(true);
  });

  it('[sandbox:break-schema] makes arguments that miss the parameters at the first required property', async () => {
    const plain = await jsonBody(await chat(ask('Weather [sandbox:break-schema]', { tools: [weather] })));
    const args = JSON.parse(plain.choices[0].message.tool_calls[0].function.arguments);
    expect(weatherArgs.safeParse(args).error?.issues.map((i) => i.path.join('/'))).toEqual(['city']);
  });
});

describe('tool results', () => {
  const conversation = (results: { id: string; content: string }[], calls = results) => [
    { role: 'user', content: 'Weather in Paris and the time?' },
    {
      role: 'assistant',
      content: null,
      tool_calls: calls.map((c, i) => ({
        id: c.id,
        type: 'function',
        function: { name: i === 0 ? 'get_weather' : 'get_time', arguments: '{}' },
      })),
    },
    ...results.map((r) => ({ role: 'tool', tool_call_id: r.id, content: r.content })),
  ];

  it('answers with text that uses the results, streamed or not', async () => {
    const body = {
      model: 'sandbox-chat-1',
      tools: [weather, clock],
      messages: conversation([
        { id: 'call_1', content: '{"temp": 21, "sky": "clear"}' },
        { id: 'call_2', content: '14:05' },
      ]),
    };
    const plain = await jsonBody(await chat(body));
    expect(plain.choices[0].finish_reason).toBe('stop');
    const content: string = plain.choices[0].message.content;
    expect(content).toContain('The tool `get_weather` returned: {"temp": 21, "sky": "clear"}');
    expect(content).toContain('The tool `get_time` returned: 14:05');
    expect((await streamed(body)).content).toBe(content);

    // tool_choice 'required' calls again even after results.
    const again = await jsonBody(await chat({ ...body, tool_choice: 'required' }));
    expect(again.choices[0].finish_reason).toBe('tool_calls');
  });

  it('refuses a tool message that answers no call, and a call left unanswered', async () => {
    const stray = conversation([{ id: 'call_9', content: 'x' }], [{ id: 'call_1', content: '' }]);
    await expect400(
      { model: 'sandbox-chat-1', messages: stray },
      'messages[2].tool_call_id',
      /'call_9' matches no tool call of an earlier assistant message/,
    );
    await expect400(
      { model: 'sandbox-chat-1', messages: [{ role: 'tool', tool_call_id: 'call_1', content: 'x' }] },
      'messages[0].tool_call_id',
      /matches no tool call/,
    );
    const unanswered = [
      ...conversation([], [{ id: 'call_1', content: '' }]),
      { role: 'user', content: 'and?' },
    ];
    await expect400(
      { model: 'sandbox-chat-1', messages: unanswered },
      'messages[1].role',
      /did not have response messages: call_1/,
    );
    await expect400(
      { model: 'sandbox-chat-1', messages: [{ role: 'tool', content: 'x' }] },
      'messages[0].tool_call_id',
      /is required/,
    );
  });
});

describe('tool validation', () => {
  it('names the bad field', async () => {
    await expect400(
      ask('x', { tool_choice: 'auto' }),
      'tool_choice',
      /only allowed when 'tools' are specified/,
    );
    await expect400(
      ask('x', { tools: [weather], tool_choice: { type: 'function', function: { name: 'nope' } } }),
      'tool_choice',
      /'nope', which is not in 'tools'/,
    );
    await expect400(
      ask('x', { tools: [weather], tool_choice: 'sometimes' }),
      'tool_choice',
      /must be 'none', 'auto'/,
    );
    await expect400(
      ask('x', { tools: [{ type: 'function', function: { name: 'has space' } }] }),
      'tools[0].function.name',
      /must be 1 to 64 letters/,
    );
    await expect400(
      ask('x', { tools: [{ type: 'function', function: { name: 'f', parameters: 'nope' } }] }),
      'tools[0].function.parameters',
      /must be a JSON Schema object/,
    );
    await expect400(ask('x', { tools: [{ type: 'retrieval' }] }), 'tools[0].type', /must be 'function'/);
    await expect400(
      ask('x', {
        tools: [
          {
            type: 'function',
            function: { name: 'f', strict: true, parameters: { type: 'object', properties: {} } },
          },
        ],
      }),
      'tools[0].function.parameters',
      /Invalid schema for function 'f': In context=\(\), 'additionalProperties'/,
    );
    await expect400(
      ask('x', { tools: [weather], parallel_tool_calls: 'yes' }),
      'parallel_tool_calls',
      /boolean/,
    );
  });
});
