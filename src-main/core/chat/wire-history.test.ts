import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { wireHistory as wireHistoryOf } from './wire-history';

const noFiles = () => Promise.reject(new Error('no file is read for a history without attachments'));
const wireHistory = (system: string, messages: StoredMessage[], variables?: Record<string, string>) =>
  wireHistoryOf(system, messages, variables, noFiles);

const asked: StoredMessage = { role: 'user', content: 'Weather in Paris and the time in Tokyo?' };
const calling: StoredMessage = {
  role: 'assistant',
  content: '',
  toolCalls: [
    { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
    { id: 'call_b', name: 'get_time', arguments: '{"zone":"Asia/Tokyo"}' },
  ],
};
const results: StoredMessage[] = [
  { role: 'tool', content: '{"temp":21}', toolCallId: 'call_a', toolName: 'get_weather' },
  { role: 'tool', content: '09:00', toolCallId: 'call_b', toolName: 'get_time' },
];

describe('the history sent, with tool calls and their results', () => {
  it('sends the assistant turn with its tool_calls and null content, then one tool message per call', async () => {
    expect(await wireHistory('Be brief.', [asked, calling, ...results])).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: asked.content },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_a',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
          {
            id: 'call_b',
            type: 'function',
            function: { name: 'get_time', arguments: '{"zone":"Asia/Tokyo"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: '{"temp":21}' },
      { role: 'tool', tool_call_id: 'call_b', content: '09:00' },
    ]);
  });

  it('keeps the text of a reply that spoke and called, and the final answer after the results', async () => {
    const wire = await wireHistory('', [
      asked,
      { ...calling, content: 'Let me look.' },
      ...results,
      { role: 'assistant', content: 'It is 21 °C; 09:00 in Tokyo.' },
    ]);
    expect(wire[1]).toMatchObject({ role: 'assistant', content: 'Let me look.' });
    expect(wire.at(-1)).toEqual({ role: 'assistant', content: 'It is 21 °C; 09:00 in Tokyo.' });
  });

  it('answers a call that came without an id under the id the window used', async () => {
    const legacy: StoredMessage = {
      role: 'assistant',
      content: '',
      toolCalls: [{ name: 'now', arguments: '' }],
    };
    const wire = await wireHistory('', [
      asked,
      legacy,
      { role: 'tool', content: 'noon', toolCallId: 'call_0' },
    ]);
    expect(wire.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'now', arguments: '' } }],
      },
      { role: 'tool', tool_call_id: 'call_0', content: 'noon' },
    ]);
  });

  it('leaves out calls never answered and results that answer no call, which the API refuses', async () => {
    const next: StoredMessage = { role: 'user', content: 'Never mind: tell me a joke.' };
    // The user asked something else instead of answering: the calls are not sent, nor the empty turn.
    expect(await wireHistory('', [asked, calling, next])).toEqual([
      { role: 'user', content: asked.content },
      { role: 'user', content: next.content },
    ]);
    // Only one of two calls answered: the calls are not sent, and neither is the lone result.
    expect(await wireHistory('', [asked, { ...calling, content: 'Checking.' }, results[0], next])).toEqual([
      { role: 'user', content: asked.content },
      { role: 'assistant', content: 'Checking.' },
      { role: 'user', content: next.content },
    ]);
    // A failed reply is left out, and so are results after it.
    expect(
      await wireHistory('', [asked, { ...calling, error: { code: 'network', message: 'x' } }, ...results]),
    ).toEqual([{ role: 'user', content: asked.content }]);
  });

  it('fills placeholders in the user’s words, never in a tool’s result', async () => {
    const wire = await wireHistory(
      '',
      [{ role: 'user', content: 'Hi {{name}}' }, calling, { ...results[0], content: '{{name}}' }, results[1]],
      {
        name: 'Ada',
      },
    );
    expect(wire[0].content).toBe('Hi Ada');
    expect(wire[2]).toEqual({ role: 'tool', tool_call_id: 'call_a', content: '{{name}}' });
  });
});
