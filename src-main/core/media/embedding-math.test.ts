import { describe, expect, it } from 'vitest';
import { analyzeEmbeddings, cosine, decodeBase64Float32, norm } from './embedding-math';
import { isWav, pcmToWav, wavDurationSeconds } from './wav';

describe('embedding maths', () => {
  it('computes norm and cosine', () => {
    expect(norm([3, 4])).toBe(5);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 1], [2, 2])).toBeCloseTo(1, 12);
    expect(cosine([1, 0], [-3, 0])).toBe(-1);
  });

  it('refuses to compare a zero vector or vectors of different lengths', () => {
    expect(cosine([0, 0], [1, 0])).toBeNull();
    expect(cosine([1, 0, 0], [1, 0])).toBeNull();
  });

  it('decodes base64 float32 little-endian', () => {
    const buf = Buffer.alloc(12);
    [0.5, -2, 1e-3].forEach((x, i) => buf.writeFloatLE(x, i * 4));
    expect(Array.from(decodeBase64Float32(buf.toString('base64')))).toEqual([0.5, -2, Math.fround(1e-3)]);
    expect(() => decodeBase64Float32(Buffer.alloc(6).toString('base64'))).toThrow(/whole float32/);
  });

  it('analyses a run: stats, matrix and the problems to point out', () => {
    const a = analyzeEmbeddings([
      [1, 0],
      [1, 1],
      [0, 0],
      [1, 0, 0],
    ]);
    expect(a.items.map((i) => i.dimensions)).toEqual([2, 2, 2, 3]);
    expect(a.items[1].norm).toBeCloseTo(Math.SQRT2, 12);
    expect(a.items[2].zero).toBe(true);
    expect(a.matrix[0][0]).toBe(1);
    expect(a.matrix[0][1]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(a.matrix[0][2]).toBeNull();
    expect(a.matrix[2][2]).toBeNull();
    expect(a.matrix[0][3]).toBeNull();
    expect(a.problems).toEqual([
      { kind: 'mismatched-dimensions', dimensions: [2, 3] },
      { kind: 'zero-vector', indexes: [2] },
    ]);
  });

  it('has no problems for a clean run', () => {
    expect(
      analyzeEmbeddings([
        [1, 2],
        [2, 1],
      ]).problems,
    ).toEqual([]);
  });
});

describe('PCM to WAV', () => {
  it('wraps 24 kHz mono 16-bit PCM with a correct header', () => {
    const pcm = new Uint8Array(48_000); // one second
    const wav = pcmToWav(pcm);
    expect(isWav(wav)).toBe(true);
    expect(wav.length).toBe(44 + 48_000);
    expect(wav.readUInt32LE(4)).toBe(36 + 48_000);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(24_000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wavDurationSeconds(wav)).toBe(1);
  });

  it('drops a trailing half sample', () => {
    const wav = pcmToWav(new Uint8Array(7));
    expect(wav.readUInt32LE(40)).toBe(6);
  });
});
