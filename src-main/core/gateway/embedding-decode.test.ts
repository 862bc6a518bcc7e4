import { describe, expect, it } from 'vitest';
import { decodeBase64Float32 } from './embedding-decode';

describe('base64 embeddings', () => {
  it('decodes base64 float32 little-endian', () => {
    const buf = Buffer.alloc(12);
    [0.5, -2, 1e-3].forEach((x, i) => buf.writeFloatLE(x, i * 4));
    expect(Array.from(decodeBase64Float32(buf.toString('base64')))).toEqual([0.5, -2, Math.fround(1e-3)]);
    expect(() => decodeBase64Float32(Buffer.alloc(6).toString('base64'))).toThrow(/whole float32/);
  });
});
