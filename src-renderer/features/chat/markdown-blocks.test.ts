import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { appendLive, type LiveText } from './live-text';
import { BlockSplitter } from './markdown-blocks';
import { growPieces } from './text-pieces';

const doc =
  'Intro paragraph.\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n- one\n- two\n\nLast para that is still growing';

const render = (parts: { blocks: string[]; tail: string }) =>
  [...parts.blocks, parts.tail].map((b) => marked.parse(b, { async: false })).join('');

describe('BlockSplitter', () => {
  it('splits at blank lines but never inside a code fence', () => {
    const { blocks, tail } = new BlockSplitter().update(doc);
    expect(blocks).toEqual(['Intro paragraph.\n', '```js\nconst a = 1;\n\nconst b = 2;\n```\n']);
    // Whether the list goes on is known only once the line after the blank one is complete.
    expect(tail).toBe('- one\n- two\n\nLast para that is still growing');
    expect(new BlockSplitter().update(doc + '\n').blocks).toHaveLength(3);
  });

  it('gives the same result fed one character at a time, keeping finished blocks stable', () => {
    const s = new BlockSplitter();
    let previous: string[] = [];
    for (let i = 1; i <= doc.length; i++) {
      const { blocks } = s.update(doc.slice(0, i));
      // Finished blocks only ever get appended, never changed.
      expect(blocks.slice(0, previous.length)).toEqual(previous);
      previous = [...blocks];
    }
    expect(s.update(doc)).toEqual(new BlockSplitter().update(doc));
  });

  it('keeps a loose list and an indented continuation in one block, so they render as one', () => {
    const loose = '1. first\n\n2. second\n\n   more about second\n\n3. third\n\nAfter the list.\n';
    const parts = new BlockSplitter().update(loose);
    expect(parts.blocks).toEqual(['1. first\n\n2. second\n\n   more about second\n\n3. third\n']);
    expect(render(parts)).toBe(marked.parse(loose, { async: false }));
  });

  it('renders a typical reply the same whether split or parsed whole', () => {
    const reply =
      '# Title\n\nSome **bold** text.\n\n- a\n- b\n\n```py\nprint(1)\n\n\nprint(2)\n```\n\n> quote\n\n    indented code\n\n    more code\n\nEnd.\n';
    expect(render(new BlockSplitter().update(reply))).toBe(marked.parse(reply, { async: false }));
  });

  it('starts over when the text is replaced rather than extended', () => {
    const s = new BlockSplitter();
    s.update('a\n\nb');
    expect(s.update('x\n\ny\n')).toMatchObject({ blocks: ['x\n'], tail: 'y\n' });
  });

  it('reads a live chain piece by piece to the same blocks as the whole text, in any cut', () => {
    const reply = `${doc}\n\n> quote\n\n    indented\n\n    more\n\nEnd.\n`;
    for (const size of [1, 3, 7, 64]) {
      const s = new BlockSplitter();
      let chain: LiveText | undefined;
      let previous: string[] = [];
      for (let at = 0; at < reply.length; at += size) {
        chain = appendLive(chain, reply.slice(at, at + size));
        const { blocks } = s.updateLive(chain);
        expect(blocks.slice(0, previous.length)).toEqual(previous);
        previous = [...blocks];
      }
      expect(s.updateLive(chain)).toEqual(new BlockSplitter().update(reply));
    }
  });

  it('keeps its blocks when the saved text replaces the live chain, and starts over for another reply', () => {
    const s = new BlockSplitter();
    const live = s.updateLive(appendLive(appendLive(undefined, 'One.\n\nTwo'), '.\n\nThree'));
    const saved = s.update('One.\n\nTwo.\n\nThree.\n');
    expect(saved.blocks).toBe(live.blocks);
    expect(saved).toMatchObject({ blocks: ['One.\n', 'Two.\n'], tail: 'Three.\n' });
    expect(s.updateLive(appendLive(undefined, 'New.\n\nReply\n'))).toMatchObject({
      blocks: ['New.\n'],
      tail: 'Reply\n',
    });
  });

  it('keeps a long open block in pieces cut where the whole text would be cut, made once each', () => {
    const words = Array.from({ length: 9000 }, (_, i) => `word${i % 97}`).join(' ');
    const reply = `Intro.\n\n${words}`;
    const s = new BlockSplitter();
    let chain: LiveText | undefined;
    let earlier: string[] = [];
    for (let at = 0; at < reply.length; at += 777) {
      chain = appendLive(chain, reply.slice(at, at + 777));
      const { tail, tailPieces } = s.updateLive(chain);
      expect(tailPieces.join('')).toBe(tail);
      // Finished pieces are the very strings of the update before.
      for (let i = 0; i < earlier.length - 1; i++) expect(tailPieces[i]).toBe(earlier[i]);
      earlier = tailPieces;
    }
    const { tail, tailPieces } = s.updateLive(chain);
    expect(tailPieces.length).toBeGreaterThan(5);
    expect(tailPieces).toEqual(growPieces([], tail));
  });
});
