import { describe, expect, it } from 'vitest';
import { appendLive, piecesSince } from './live-text';

describe('a live reply as a chain of pieces', () => {
  it('gives the pieces added since a point, oldest first, and all of them from the start', () => {
    const a = appendLive(undefined, 'Hel');
    const b = appendLive(a, 'lo ');
    const c = appendLive(b, 'world');
    expect(c.length).toBe(11);
    expect(piecesSince(c, a)).toEqual(['lo ', 'world']);
    expect(piecesSince(c, undefined)).toEqual(['Hel', 'lo ', 'world']);
    expect(piecesSince(c, c)).toEqual([]);
  });

  it('says so when the point is not in the chain: another reply', () => {
    const one = appendLive(appendLive(undefined, 'first'), ' reply');
    const other = appendLive(appendLive(undefined, 'second'), ' reply, longer');
    expect(piecesSince(other, one)).toBeUndefined();
    expect(piecesSince(undefined, one)).toBeUndefined();
  });
});
