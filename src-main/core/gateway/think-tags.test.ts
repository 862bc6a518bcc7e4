import { describe, expect, it } from 'vitest';
import { ThinkTagSplitter } from './think-tags';

function split(chunks: string[]) {
  const s = new ThinkTagSplitter();
  const out = { content: '', reasoning: '' };
  for (const part of [...chunks.map((c) => s.push(c)), s.end()]) {
    out.content += part.content;
    out.reasoning += part.reasoning;
  }
  return out;
}

describe('ThinkTagSplitter', () => {
  it('splits tags cut anywhere, even one character at a time', () => {
    const text = '<think>why</think>because';
    expect(split([...text])).toEqual({ reasoning: 'why', content: 'because' });
  });

  it('gives back a held half tag that never became one', () => {
    expect(split(['a <thi', 'ng> b <th'])).toEqual({ reasoning: '', content: 'a <thing> b <th' });
  });

  it('leaves content without tags alone', () => {
    expect(split(['x < y', ' and y > z'])).toEqual({ reasoning: '', content: 'x < y and y > z' });
  });
});

describe('ThinkTagSplitter: a stream that starts inside the thinking', () => {
  /** As the reply collector reads it: `retracted` moves the content so far into the reasoning. */
  function read(chunks: string[]) {
    const s = new ThinkTagSplitter();
    const out = { content: '', reasoning: '' };
    for (const part of [...chunks.map((c) => s.push(c)), s.end()]) {
      if (part.retracted) {
        out.reasoning += out.content;
        out.content = '';
      }
      out.content += part.content;
      out.reasoning += part.reasoning;
    }
    return out;
  }

  it('reads text before a stray leading </think> as reasoning, the tag cut anywhere', () => {
    const text = 'thinking here</think>\n\nthe answer';
    expect(read([text])).toEqual({ reasoning: 'thinking here', content: '\n\nthe answer' });
    expect(read([...text])).toEqual({ reasoning: 'thinking here', content: '\n\nthe answer' });
    expect(read(['think', 'ing here</th', 'ink>the answer'])).toEqual({
      reasoning: 'thinking here',
      content: 'the answer',
    });
  });

  it('still reads a later <think> block after the stray close', () => {
    expect(read(['a</think>b<think>c</think>d'])).toEqual({ reasoning: 'ac', content: 'bd' });
  });

  it('leaves a </think> after an opening tag as the close of that block', () => {
    expect(read(['<think>x</think>y</think>z'])).toEqual({ reasoning: 'x', content: 'y</think>z' });
  });
});
