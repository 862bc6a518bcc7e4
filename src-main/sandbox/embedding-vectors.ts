import { seededRng } from './seed';

export function wordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0 ? words : [text];
}

/**
 * A unit vector for a text: the normalised sum of one pseudo-random vector per word (seeded by
 * model and word). Texts that share words therefore point in similar directions, unrelated
 * texts are close to orthogonal. The first `d` components do not depend on `dimensions`.
 */
export function embedText(text: string, model: string, dimensions: number): Float32Array {
  const sum = new Float64Array(dimensions);
  for (const word of wordsOf(text)) {
    const rng = seededRng('embed', model, word);
    for (let i = 0; i < dimensions; i++) sum[i] += rng.next() * 2 - 1;
  }
  let norm = 0;
  for (const v of sum) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  const out = new Float32Array(dimensions);
  for (let i = 0; i < dimensions; i++) out[i] = sum[i] / norm;
  return out;
}

export function float32ToBase64(v: Float32Array): string {
  const buf = Buffer.alloc(v.length * 4);
  for (let i = 0; i < v.length; i++) buf.writeFloatLE(v[i], i * 4);
  return buf.toString('base64');
}
