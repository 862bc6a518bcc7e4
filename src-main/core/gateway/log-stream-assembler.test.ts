import { describe, expect, it } from 'vitest';
import { LOG_REPLY_KEEP } from '../../../src-shared/log/log-entry';
import { LogStreamAssembler } from './log-stream-assembler';

const event = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`;
const delta = (d: Record<string, unknown>, finish: string | null = null) =>
  event({ choices: [{ index: 0, delta: d, finish_reason: finish }] });

function assemble(...parts: string[]) {
  const a = new LogStreamAssembler();
  for (const p of parts) a.feed(Buffer.from(p));
  return a;
}

describe('the request log assembling a streamed reply', () => {
  it('joins content and reasoning deltas and keeps the finish reason and usage', () => {
    const a = assemble(
      ': keep-alive\n\n',
      delta({ role: 'assistant', content: '' }),
      delta({ reasoning_content: 'Think ' }),
      delta({ reasoning_content: 'first.' }),
      delta({ content: 'Hello' }),
      delta({ content: ', world' }),
      delta({}, 'stop'),
      event({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } }),
      'data: [DONE]\n\n',
    );
    expect(a.complete).toBe(true);
    expect(a.summary()).toEqual({
      text: 'Hello, world',
      textChars: 12,
      reasoning: 'Think first.',
      reasoningChars: 12,
      finishReason: 'stop',
      usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
      events: 8,
      sawDone: true,
    });
  });

  it('reads events split anywhere, even inside a multi-byte character', () => {
    const whole = Buffer.from(delta({ content: 'café 你好' }) + delta({}, 'length'));
    const a = new LogStreamAssembler();
    const at = whole.indexOf(Buffer.from('你')) + 1;
    a.feed(whole.subarray(0, at));
    a.feed(whole.subarray(at, at + 7));
    a.feed(whole.subarray(at + 7));
    expect(a.summary()).toMatchObject({ text: 'café 你好', finishReason: 'length', sawDone: false });
    expect(a.complete).toBe(true);
  });

  it('is not complete without [DONE] or a finish reason', () => {
    const a = assemble(delta({ content: 'half a rep' }));
    expect(a.complete).toBe(false);
    expect(a.summary()).toMatchObject({ text: 'half a rep', sawDone: false, finishReason: undefined });
  });

  it('keeps only the first LOG_REPLY_KEEP characters but counts them all', () => {
    const piece = 'x'.repeat(1000);
    const a = assemble(...Array.from({ length: 20 }, () => delta({ content: piece })), 'data: [DONE]\n\n');
    const s = a.summary();
    expect(s.text).toHaveLength(LOG_REPLY_KEEP);
    expect(s.textChars).toBe(20_000);
  });

  it('scrubs the text it hands over, and keeps the words of an error event', () => {
    const a = assemble(
      delta({ content: 'the key is sk-abc' }),
      delta({ content: 'def123456' }),
      'event: error\ndata: {"error":{"message":"upstream overloaded"}}\n\n',
    );
    expect(a.errorMessage).toBe('upstream overloaded');
    const s = a.summary((t) => t.replace('sk-abcdef123456', '[removed]'));
    expect(s.text).toBe('the key is [removed]');
  });
});

describe('the request log assembling what the chat reader assembles', () => {
  const chunk = (choices: unknown[]) => event({ choices });

  it('keeps the choices of an n: 2 reply apart by index, interleaved or in one chunk', () => {
    const a = assemble(
      chunk([{ index: 0, delta: { role: 'assistant', content: 'Red' } }]),
      chunk([{ index: 1, delta: { role: 'assistant', content: 'Blue' } }]),
      chunk([
        { index: 0, delta: { content: ' sky' } },
        { index: 1, delta: { content: ' sea' } },
      ]),
      chunk([{ index: 1, delta: {}, finish_reason: 'length' }]),
      chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
      'data: [DONE]\n\n',
    );
    const s = a.summary();
    expect(s).toMatchObject({ text: 'Red sky', textChars: 7, finishReason: 'stop' });
    expect(s.otherChoices).toEqual([
      { index: 1, text: 'Blue sea', textChars: 8, reasoning: '', reasoningChars: 0, finishReason: 'length' },
    ]);
  });

  it('is complete only once every choice has a finish reason (or [DONE] came)', () => {
    const a = assemble(
      chunk([{ index: 0, delta: { content: 'A' }, finish_reason: 'stop' }]),
      chunk([{ index: 1, delta: { content: 'half of B' } }]),
    );
    expect(a.complete).toBe(false);
    a.feed(Buffer.from(chunk([{ index: 1, delta: {}, finish_reason: 'stop' }])));
    expect(a.complete).toBe(true);
  });

  it('keeps a refusal apart from the text', () => {
    const s = assemble(
      delta({ role: 'assistant', content: null, refusal: '' }),
      delta({ refusal: 'I can’t help ' }),
      delta({ refusal: 'with that.' }),
      delta({}, 'stop'),
    ).summary();
    expect(s).toMatchObject({ text: '', refusal: 'I can’t help with that.', finishReason: 'stop' });
  });

  it('joins content sent as an array of parts (Mistral), leaving out parts that are not text', () => {
    const s = assemble(
      delta({ content: [{ type: 'text', text: 'Bonjour' }] }),
      delta({
        content: [
          { type: 'image_url', image_url: { url: 'https://x/y.png' } },
          { type: 'text', text: ' !' },
        ],
      }),
      delta({}, 'stop'),
    ).summary();
    expect(s).toMatchObject({ text: 'Bonjour !', textChars: 9 });
  });

  it('assembles tool-call fragments by their index, as the chat reader does', () => {
    const s = assemble(
      delta({
        role: 'assistant',
        tool_calls: [
          { index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } },
        ],
      }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
      delta({
        tool_calls: [
          { index: 1, id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{}' } },
        ],
      }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
      delta({}, 'tool_calls'),
    ).summary();
    expect(s.toolCalls).toEqual([
      { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'call_2', name: 'get_time', arguments: '{}' },
    ]);
    expect(s.finishReason).toBe('tool_calls');
  });

  it('scrubs every text it hands over: refusals, tool arguments and the other choices', () => {
    const s = assemble(
      chunk([{ index: 0, delta: { refusal: 'no sk-abcdef123456' } }]),
      chunk([
        {
          index: 0,
          delta: { tool_calls: [{ index: 0, function: { name: 'f', arguments: 'sk-abcdef123456' } }] },
        },
      ]),
      chunk([{ index: 1, delta: { content: 'also sk-abcdef123456' } }]),
    ).summary((t) => t.replaceAll('sk-abcdef123456', '[removed]'));
    expect(s.refusal).toBe('no [removed]');
    expect(s.toolCalls?.[0].arguments).toBe('[removed]');
    expect(s.otherChoices?.[0].text).toBe('also [removed]');
  });
});

describe('the request log against an event without end', () => {
  it('keeps at most one event cap of an unfinished line, and what came before it', () => {
    const a = new LogStreamAssembler();
    a.feed(Buffer.from(delta({ content: 'Before. ' })));
    a.feed(Buffer.from('data: {"choices":[{"index":0,"delta":{"content":"'));
    const block = Buffer.alloc(1024 * 1024, 'a');
    // 6 MB of one line: past SSE_EVENT_CAP (4 MB) the parser lets go of it.
    for (let i = 0; i < 6; i++) a.feed(block);
    a.feed(Buffer.from('"}}]}\n\n'));
    a.feed(Buffer.from(delta({ content: 'After.' })));
    expect(a.summary().text).toBe('Before. ');
    expect(a.eventCount).toBe(1);
  });
});

describe('the request log reading the events a reader hands over', () => {
  const handed = (d: Record<string, unknown>, finish: string | null = null) => {
    const body = { choices: [{ index: 0, delta: d, finish_reason: finish }] };
    return [{ data: JSON.stringify(body), event: undefined, id: undefined }, body] as const;
  };

  it('answers with every event handed over, however many are still waiting to be read', () => {
    const a = new LogStreamAssembler();
    for (let i = 0; i < 100; i++) a.event(...handed({ content: `${i % 10}` }));
    // Not yet ended: the count and the ending see all 100, not only full batches of them.
    expect(a.eventCount).toBe(100);
    expect(a.complete).toBe(false);
    a.event(...handed({}, 'stop'));
    expect(a.complete).toBe(true);
    a.event(
      { data: '{"error":{"message":"late failure"}}', event: undefined, id: undefined },
      {
        error: { message: 'late failure' },
      },
    );
    expect(a.errorMessage).toBe('late failure');
    expect(a.summary()).toMatchObject({ text: '0123456789'.repeat(10), textChars: 100, events: 102 });
  });
});
