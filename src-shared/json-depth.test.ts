import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-depth';

const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;

describe('nestedDeeperThan', () => {
  it('counts levels of arrays and objects, scalars none', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan({ a: [1, { b: 'x' }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: 'x' }] }, 2)).toBe(true);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('walks a million levels without overflowing the stack, which JSON.stringify cannot', () => {
    const deep = nested(1_000_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(nestedDeeperThan(deep)).toBe(true);
  });
});
