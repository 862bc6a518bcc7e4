import { describe, expect, it } from 'vitest';
import { streamedChatBody } from '../request/chat-body';
import { extraProblems } from '../request/extra-body';
import { MAX_TOOLS } from './chat-tools';
import { chatParamsSchema, storedMessageSchema } from './conversation';
import { liftFormFields } from './params-from-extra';

const problems = (params: unknown) =>
  chatParamsSchema.safeParse(params).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'function' as const,
  function: { name, description: 'd', parameters: { type: 'object', properties: {} }, ...extra },
});

describe('the chat form’s tool fields', () => {
  it('takes functions, a choice among them and the parallel switch', () => {
    expect(
      problems({
        tools: [tool('get_weather', { strict: true }), { ...tool('lookup-2'), mock: '{"ok":true}' }],
        tool_choice: { type: 'function', function: { name: 'lookup-2' } },
        parallel_tool_calls: false,
      }),
    ).toEqual([]);
    for (const mode of ['auto', 'none', 'required'])
      expect(problems({ tools: [tool('a')], tool_choice: mode })).toEqual([]);
    // A function without parameters is allowed, as the API allows it.
    expect(problems({ tools: [{ type: 'function', function: { name: 'now' } }] })).toEqual([]);
  });

  it('names the field and the rule for each mistake', () => {
    expect(problems({ tools: [tool('get weather')] })).toEqual([
      'tools.0.function.name: must be 1 to 64 letters, digits, _ or - (the API’s rule)',
    ]);
    expect(problems({ tools: [tool('x'.repeat(65))] })).toEqual([
      'tools.0.function.name: must be 1 to 64 letters, digits, _ or - (the API’s rule)',
    ]);
    expect(problems({ tools: [tool('a'), tool('a')] })).toEqual([
      'tools.1.function.name: names a function already defined above: each name must be unique',
    ]);
    expect(problems({ tools: [tool('a', { parameters: [1] })] })).toEqual([
      'tools.0.function.parameters: must be a JSON Schema object such as {"type": "object", "properties": {}}',
    ]);
    expect(problems({ tools: [tool('a', { parameters: { description: 'x'.repeat(70_000) } })] })).toEqual([
      'tools.0.function.parameters: must be at most 64 KB as JSON',
    ]);
    expect(problems({ tools: Array.from({ length: MAX_TOOLS + 1 }, (_, i) => tool(`t${i}`)) })).toEqual([
      'tools: must hold at most 32 tools',
    ]);
    expect(problems({ tools: [tool('a')], tool_choice: 'any' })).toEqual([
      'tool_choice: must be auto, none, required or {"type": "function", "function": {"name": …}}',
    ]);
    expect(
      problems({ tools: [tool('a')], tool_choice: { type: 'function', function: { name: 'b' } } }),
    ).toEqual(['tool_choice: names no function defined in tools']);
    expect(problems({ tool_choice: 'auto', parallel_tool_calls: true })).toEqual([
      'tool_choice: needs at least one tool defined',
      'parallel_tool_calls: needs at least one tool defined',
    ]);
  });

  it('sends the tools without their saved mocks, and no tools at all when there are none', () => {
    const base = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
    const body = streamedChatBody({
      ...base,
      tools: [{ ...tool('a'), mock: '{"canned":1}' }],
      tool_choice: 'required',
      parallel_tool_calls: false,
    });
    expect(body).toEqual({
      ...base,
      tools: [tool('a')],
      tool_choice: 'required',
      parallel_tool_calls: false,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(JSON.stringify(body)).not.toContain('canned');
    expect(streamedChatBody({ ...base, tools: [] })).not.toHaveProperty('tools');
  });

  it('keeps extras from setting them, and lifts them from extras saved before', () => {
    expect(extraProblems({ tools: [], tool_choice: 'auto', parallel_tool_calls: true }, 'chat')).toEqual([
      { rule: 'reserved', key: 'tools' },
      { rule: 'reserved', key: 'tool_choice' },
      { rule: 'reserved', key: 'parallel_tool_calls' },
    ]);
    const lifted = liftFormFields(
      { temperature: 0.2 },
      { tools: [tool('a')], tool_choice: 'required', parallel_tool_calls: false, thinking: { type: 'on' } },
    );
    expect(lifted).toEqual({
      params: { temperature: 0.2, tools: [tool('a')], tool_choice: 'required', parallel_tool_calls: false },
      extra: { thinking: { type: 'on' } },
      moved: ['tools', 'tool_choice', 'parallel_tool_calls'],
    });
    // A choice with no tools to choose from stays an extra: nothing is lost.
    expect(liftFormFields({}, { tool_choice: 'auto' })).toEqual({
      params: {},
      extra: { tool_choice: 'auto' },
      moved: [],
    });
  });
});

describe('a tool result as a stored message', () => {
  it('reads a tool message with its call id, and messages saved before tool results unchanged', () => {
    const result = { role: 'tool', content: '{"temp":21}', toolCallId: 'call_1', toolName: 'get_weather' };
    expect(storedMessageSchema.parse(result)).toEqual(result);
    const before = { role: 'assistant', content: 'hi', stats: { totalMs: 3 } };
    expect(storedMessageSchema.parse(before)).toEqual(before);
  });
});
