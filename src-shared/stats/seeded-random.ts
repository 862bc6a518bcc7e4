import { checkCount, checkPositiveCount } from './stat-checks';

/**
 * The bootstrap's random numbers: xoshiro128** 1.1 (Blackman and Vigna), 32-bit words, 128 bits
 * of state, fast in JavaScript's 32-bit integer arithmetic and of good statistical quality. The
 * state is filled from the seed by SplitMix64, as the authors advise, so nearby seeds (1, 2, 3)
 * give unrelated streams. The same seed gives the same numbers on every machine, which is what
 * lets a stated seed reproduce an interval. docs/architecture.md, "Statistics".
 */
export interface SeededRandom {
  /** The next 32-bit output, an integer in [0, 2^32). */
  nextUint32(): number;
  /** A uniform integer in [0, n), without modulo bias. */
  nextIndex(n: number): number;
}

/** The largest seed: any safe integer from 0 to 2^53 − 1 is a seed. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

const MASK64 = (1n << 64n) - 1n;

/** SplitMix64 (Steele, Lea and Flood), in BigInt: it runs twice per generator, never per draw. */
function splitMix64(seed: number): () => bigint {
  let x = BigInt(seed);
  return () => {
    x = (x + 0x9e3779b97f4a7c15n) & MASK64;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  };
}

/** The four state words SplitMix64 gives for a seed: its first two outputs, low word first. */
export function seedState(seed: number): [number, number, number, number] {
  checkCount('seed', seed, MAX_SEED);
  const next = splitMix64(seed);
  const a = next();
  const b = next();
  const word = (v: bigint, shift: bigint) => Number((v >> shift) & 0xffffffffn);
  return [word(a, 0n), word(a, 32n), word(b, 0n), word(b, 32n)];
}

/** xoshiro128** from the four state words (not all 0); seededRandom is the usual way in. */
export function xoshiro128ss(state: readonly [number, number, number, number]): SeededRandom {
  let [s0, s1, s2, s3] = state.map((w) => w >>> 0);
  if ((s0 | s1 | s2 | s3) === 0) throw new RangeError('state must not be all zeros');
  const nextUint32 = (): number => {
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  };
  const nextIndex = (n: number): number => {
    checkPositiveCount('n', n);
    if (n > 0x100000000) throw new RangeError(`n must be at most 2^32, got ${n}`);
    // Reject the lowest 2^32 mod n outputs, so every remainder is equally likely.
    const floor = 0x100000000 % n;
    let r = nextUint32();
    while (r < floor) r = nextUint32();
    return r % n;
  };
  return { nextUint32, nextIndex };
}

/** A generator from a seed (0 to 2^53 − 1): SplitMix64 fills the state, xoshiro128** draws. */
export function seededRandom(seed: number): SeededRandom {
  return xoshiro128ss(seedState(seed));
}
