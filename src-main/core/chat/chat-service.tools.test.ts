import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { wildChat } from './wild-chat.test-helper';

const wild = wildChat();

const tools = [
  {
    type: 'function' as const,
    function: {
      name: 'get_weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    mock: '{"temp": 21}',
  },
  { type: 'function' as const, function: { name: 'get_time' } },
];

describe('ChatService with tools: the calls, then their results sent back', () => {
  it('sends the tools (no mocks), saves the calls, then continues with one tool message per call', async () => {
    wild.services();
    const question: StoredMessage = { role: 'user', content: 'Weather and time in Paris?' };
    const params = { tools, tool_choice: 'auto' as const, parallel_tool_calls: true };
    const first = await wild.reply({ model: 'wild-tools', params, messages: [question] });
    expect(first.ended.type).toBe('done');
    const sent = wild.gw.requests.at(-1)?.json as Record<string, unknown>;
    expect(sent.tools).toEqual(tools.map(({ mock: _m, ...t }) => t));
    expect(sent).toMatchObject({ tool_choice: 'auto', parallel_tool_calls: true });
    expect(JSON.stringify(sent)).not.toContain('temp');

    const calling = wild.t.services.chat.get(first.conversationId).messages[1];
    expect(calling.toolCalls?.map((c) => c.id)).toEqual(['call_a1', 'call_b2']);
    const results: StoredMessage[] = [
      { role: 'tool', content: '{"temp": 21}', toolCallId: 'call_a1', toolName: 'get_weather' },
      { role: 'tool', content: '12:00', toolCallId: 'call_b2', toolName: 'get_time' },
    ];
    const second = await wild.reply({
      conversationId: first.conversationId,
      model: 'wild-reasoner',
      params,
      messages: [question, calling, ...results],
    });
    expect(second.ended.type).toBe('done');
    const history = (wild.gw.requests.at(-1)?.json as { messages: unknown[] }).messages;
    expect(history).toEqual([
      { role: 'user', content: question.content },
      {
        role: 'assistant',
        content: 'Checking the weather.',
        tool_calls: [
          {
            id: 'call_a1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city": "Paris", "unit": "celsius"}' },
          },
          {
            id: 'call_b2',
            type: 'function',
            function: { name: 'get_time', arguments: '{"zone": "Europe/Paris"' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a1', content: '{"temp": 21}' },
      { role: 'tool', tool_call_id: 'call_b2', content: '12:00' },
    ]);
    const saved = wild.t.services.chat.get(first.conversationId).messages;
    expect(saved.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant']);
    expect(saved.slice(2, 4)).toEqual(results);
  });

  it('keeps earlier results as a version when the calls are answered again', async () => {
    wild.services();
    const question: StoredMessage = { role: 'user', content: 'Weather?' };
    const first = await wild.reply({ model: 'wild-tools', params: { tools }, messages: [question] });
    const calling = wild.t.services.chat.get(first.conversationId).messages[1];
    const answer = (temp: string): StoredMessage[] => [
      { role: 'tool', content: temp, toolCallId: 'call_a1' },
      { role: 'tool', content: 'noon', toolCallId: 'call_b2' },
    ];
    const id = first.conversationId;
    await wild.reply({
      conversationId: id,
      model: 'wild-reasoner',
      messages: [question, calling, ...answer('21')],
    });
    await wild.reply({
      conversationId: id,
      model: 'wild-reasoner',
      messages: [question, calling, ...answer('5')],
    });
    const saved = wild.t.services.chat.get(id).messages;
    expect(saved[2].content).toBe('5');
    expect(saved[2].alternatives?.[0].map((m) => m.content)).toEqual(['21', 'noon', 'The answer is 42.']);
  });

  it('refuses parameters that are not a JSON Schema, naming the path, before saving anything', async () => {
    wild.services();
    const bad = [
      { type: 'function' as const, function: { name: 'f', parameters: { type: 'object', required: 'x' } } },
    ];
    await expect(
      wild.reply({ model: 'wild-tools', params: { tools: bad }, messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toThrow('params.tools.0.function.parameters/required: must be array');
    expect(wild.t.services.chat.list()).toEqual([]);
  });
});
