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
