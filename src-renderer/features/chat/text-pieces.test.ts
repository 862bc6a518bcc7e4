import { describe, expect, it } from 'vitest';
import { growPieces, PIECE_CHARS, pieceEnd } from './text-pieces';

describe('text pieces of a huge block', () => {
  it('cuts between words near the piece size, and hard only where there is no space', () => {
    const words = 'word '.repeat(PIECE_CHARS);
    const end = pieceEnd(words, 0);
    expect(end).toBeLessThanOrEqual(PIECE_CHARS);
    expect(words[end - 1]).toBe(' ');
    expect(pieceEnd('x'.repeat(PIECE_CHARS * 2), 0)).toBe(PIECE_CHARS);
    expect(pieceEnd('short', 0)).toBe(5);
  });

  it('prefers a line end, so code is cut between lines', () => {
    const code = 'const a = 1; // some words here\n'.repeat(600);
    const end = pieceEnd(code, 0);
    expect(code[end - 1]).toBe('\n');
  });

  it('joins back to the text, and keeps earlier pieces as the text grows', () => {
    const kept: string[] = [];
    const text = 'lorem ipsum dolor '.repeat(2000);
    const first = growPieces(kept, text.slice(0, 20_000));
    expect(first.join('')).toBe(text.slice(0, 20_000));
    const firstPiece = first[0];
    const second = growPieces(kept, text);
    expect(second.join('')).toBe(text);
    expect(second[0]).toBe(firstPiece);
    expect(second.length).toBeGreaterThan(first.length);
  });

  it('starts over for a text that is not the old one grown', () => {
    const kept: string[] = [];
    growPieces(kept, 'a '.repeat(10_000));
    const other = 'b '.repeat(10_000);
    expect(growPieces(kept, other).join('')).toBe(other);
  });
});
