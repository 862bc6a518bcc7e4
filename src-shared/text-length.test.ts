import { describe, expect, it } from 'vitest';
import { textLength } from './text-length';

describe('textLength', () => {
  it('counts every string and key, at any depth', () => {
    expect(textLength({ ab: 'cde', f: ['gh', { i: 'j' }, 3, null] })).toBe(2 + 3 + 1 + 2 + 1 + 1);
  });

  it('walks a value nested far deeper than the stack allows recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(textLength(deep)).toBe(1);
  });
});
