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
