import { describe, expect, it } from 'vitest';
import { ReplyCollector } from './reply-collector';

const collect = (deltas: Record<string, unknown>[]) => {
  const got: string[] = [];
  const reply = new ReplyCollector(() => 1, { onDelta: (t) => got.push(t) });
  for (const delta of deltas) reply.readChoice({ delta });
  reply.end();
  return { reply, got };
};

describe('ReplyCollector', () => {
  it('keeps the leading indentation of an answer given without thinking', () => {
    expect(collect([{ content: '    code();' }]).reply.text).toBe('    code();');
  });

  it('drops the blank lines between the thinking and the answer', () => {
    const { reply, got } = collect([
      { reasoning_content: 'hm' },
      { content: '\n\n' },
      { content: '\nAnswer' },
    ]);
    expect(reply.text).toBe('Answer');
    expect(got).toEqual(['Answer']);
  });

  it('counts reasoning_content once when a gateway also copies it into reasoning', () => {
    expect(collect([{ reasoning_content: 'a', reasoning: 'a' }]).reply.reasoning).toBe('a');
  });
});

describe('ReplyCollector: a stream that starts inside the thinking', () => {
  it('moves the answer so far into the reasoning at a stray leading </think>', () => {
    let retracted = 0;
    const reasoning: string[] = [];
    const reply = new ReplyCollector(() => 1, {
      onDelta: () => {},
      onReasoning: (t) => reasoning.push(t),
      onRetract: () => retracted++,
    });
    for (const content of ['Hmm, ', '6 × 7.</think>', '\n\n42.']) reply.readChoice({ delta: { content } });
    reply.end();
    expect(reply.reasoning).toBe('Hmm, 6 × 7.');
    expect(reply.text).toBe('42.');
    expect(reasoning.join('')).toBe('Hmm, 6 × 7.');
    expect(retracted).toBe(1);
  });
});
