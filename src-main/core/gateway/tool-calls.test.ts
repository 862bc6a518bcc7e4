import { describe, expect, it } from 'vitest';
import { parseToolArguments } from '../../../src-shared/chat/chat-tools';
import { ToolCallAssembler } from './tool-calls';

/** One streamed delta carrying fragments of tool calls, as OpenAI sends them. */
const delta = (...calls: Record<string, unknown>[]) => ({ tool_calls: calls });

describe('ToolCallAssembler, streamed fragments', () => {
  it('keeps interleaved fragments of two parallel calls apart by index', () => {
    const a = new ToolCallAssembler();
    a.read(
      delta({ index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } }),
      false,
    );
    a.read(
      delta({ index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '' } }),
      false,
    );
    a.read(delta({ index: 0, function: { arguments: '{"city":' } }), false);
    a.read(delta({ index: 1, function: { arguments: '{"zone":"Europe/' } }), false);
    // Fragments of both in one delta, the later index first.
    a.read(
      delta(
        { index: 1, function: { arguments: 'Paris"}' } },
        { index: 0, function: { arguments: '"Paris"}' } },
      ),
      false,
    );
    expect(a.list).toEqual([
      { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'call_b', name: 'get_time', arguments: '{"zone":"Europe/Paris"}' },
    ]);
    expect(a.list.map((c) => parseToolArguments(c.arguments).ok)).toEqual([true, true]);
  });

  it('takes the id and name from the first fragment only, the rest adding arguments', () => {
    const a = new ToolCallAssembler();
    a.read(
      delta({ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '' } }),
      false,
    );
    for (const piece of ['{"q', 'uery": "zod', ' v4"', '}'])
      a.read(delta({ index: 0, function: { arguments: piece } }), false);
    expect(a.list).toEqual([{ id: 'call_1', name: 'lookup', arguments: '{"query": "zod v4"}' }]);
  });

  it('does not repeat a name a server sends again on every fragment', () => {
    const a = new ToolCallAssembler();
    a.read(delta({ index: 0, id: 'c', function: { name: 'lookup', arguments: '{"a":' } }), false);
    a.read(delta({ index: 0, function: { name: 'lookup', arguments: '1}' } }), false);
    expect(a.list).toEqual([{ id: 'c', name: 'lookup', arguments: '{"a":1}' }]);
  });

  it('keeps malformed arguments as sent, and reading them gives a clear note instead of throwing', () => {
    const a = new ToolCallAssembler();
    a.read(
      delta({ index: 0, id: 'c', function: { name: 'lookup', arguments: '{"query": "unterminated' } }),
      false,
    );
    a.read(
      delta({ index: 1, id: 'd', function: { name: 'lookup', arguments: '["not", "an object"]' } }),
      false,
    );
    const [broken, list] = a.list;
    expect(broken.arguments).toBe('{"query": "unterminated');
    const read = parseToolArguments(broken.arguments);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.note).toMatch(/^The arguments are not valid JSON \(.+\)\.$/);
    expect(parseToolArguments(list.arguments)).toEqual({
      ok: false,
      rule: 'not-object',
      note: 'The arguments must be a JSON object; the model sent an array.',
    });
    // Empty arguments (a function without parameters) read as an empty object.
    expect(parseToolArguments('')).toEqual({ ok: true, value: {} });
  });

  it('assembles a whole completion’s calls, each complete, without an index', () => {
    const a = new ToolCallAssembler();
    a.read(
      {
        tool_calls: [
          { id: 'x', type: 'function', function: { name: 'one', arguments: '{}' } },
          { id: 'y', type: 'function', function: { name: 'two', arguments: { n: 2 } } },
        ],
      },
      true,
    );
    expect(a.list).toEqual([
      { id: 'x', name: 'one', arguments: '{}' },
      { id: 'y', name: 'two', arguments: '{"n":2}' },
    ]);
  });
});
