import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

/** The same object with its keys inserted in reverse order, at every level. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reversed(v)]),
    );
  return value;
}

describe('canonical JSON', () => {
  it('sorts keys at every level and writes no spaces', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], A: true })).toBe(
      '{"A":true,"a":[{"c":"x","d":null}],"b":1}',
    );
    expect(canonicalJson({ b: undefined, a: [undefined, 2] })).toBe('{"a":[null,2]}');
    expect(canonicalJson('é\n')).toBe('"é\\n"');
  });

  it('refuses what JSON cannot hold exactly', () => {
    expect(() => canonicalJson({ t: Number.NaN })).toThrow(/NaN is not a JSON number/);
    expect(() => canonicalJson({ t: new Date(0) })).toThrow(/only plain objects/);
    expect(() => canonicalJson(undefined)).toThrow(/undefined is not JSON/);
    expect(() => canonicalJson(1n)).toThrow(/a bigint is not JSON/);
  });

  it('gives one text whatever the key order, and reads back as the value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(reversed(value))).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });
});
