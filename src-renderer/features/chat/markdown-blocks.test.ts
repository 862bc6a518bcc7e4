import { describe, expect, it } from 'vitest';
import { BlockSplitter } from './markdown-blocks';

const doc =
  'Intro paragraph.\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n- one\n- two\n\nLast para that is still growing';

describe('BlockSplitter', () => {
  it('splits at blank lines but never inside a code fence', () => {
    const { blocks, tail } = new BlockSplitter().update(doc);
    expect(blocks).toEqual([
      'Intro paragraph.\n',
      '```js\nconst a = 1;\n\nconst b = 2;\n```\n',
      '- one\n- two\n',
    ]);
    expect(tail).toBe('Last para that is still growing');
  });

  it('gives the same result fed one character at a time, keeping finished blocks stable', () => {
    const s = new BlockSplitter();
    let previous: string[] = [];
    for (let i = 1; i <= doc.length; i++) {
      const { blocks } = s.update(doc.slice(0, i));
      // Finished blocks only ever get appended, never changed.
      expect(blocks.slice(0, previous.length)).toEqual(previous);
      previous = blocks;
    }
    expect(s.update(doc)).toEqual(new BlockSplitter().update(doc));
  });

  it('starts over when the text is replaced rather than extended', () => {
    const s = new BlockSplitter();
    s.update('a\n\nb');
    expect(s.update('x\n\ny')).toEqual({ blocks: ['x\n'], tail: 'y' });
  });
});
