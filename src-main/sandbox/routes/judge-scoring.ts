import type { Rng } from '../seed';
import type { CueBlindness } from './judge-cues';

/**
 * The Sandbox judge's arithmetic: word overlap (the fallback for questions that name none of the
 * cues in `judge-cues.ts`), softmax, confidence and each version's drift. Deterministic (the only
 * randomness is seeded by the request), so tests can rely on it, and plainly not a model.
 */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function overlap(stateWords: Set<string>, text: string): number {
  const ws = [...new Set(words(text))].filter((w) => w.length > 2);
  if (ws.length === 0) return 0;
  const hits = ws.filter((w) => stateWords.has(w)).length;
  return hits / Math.sqrt(ws.length);
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Softmax over scores, rounded to 4 places, with the rounding remainder given to the top entry so the sum is exactly 1. */
export function softmax(scores: number[], sharpness = 2.5): number[] {
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp((s - max) * sharpness));
  const sum = exps.reduce((a, b) => a + b, 0);
  const probs = exps.map((e) => round4(e / sum));
  const top = probs.indexOf(Math.max(...probs));
  probs[top] = round4(probs[top] + 1 - probs.reduce((a, b) => a + b, 0));
  return probs;
}

/** Tiny seeded jitter breaks ties the same way every time without changing clear winners. */
export function scoresFor(stateWords: Set<string>, texts: string[], rng: Rng): number[] {
  return texts.map((t) => overlap(stateWords, t) + rng.next() * 0.05);
}

export function confidenceOf(probs: number[]): number {
  // The top probability, pulled towards 0.5 a little so it never reads as certainty.
  return round4(Math.min(0.99, 0.25 + 0.75 * Math.max(...probs)));
}

export function noulValue(stateWords: Set<string>, statement: string, rng: Rng): number {
  const ws = [...new Set(words(statement))].filter((w) => w.length > 2);
  const ratio = ws.length === 0 ? 0 : ws.filter((w) => stateWords.has(w)).length / ws.length;
  return round4(Math.min(0.98, Math.max(0.02, 0.08 + 0.84 * ratio + (rng.next() - 0.5) * 0.04)));
}

/** The Sandbox's token count: about four characters per token, like common BPE tokenizers on English. */
export function sandboxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** How one judge version answers: the name it reports, how far it drifts, how sharp it is. */
export interface JudgeVersion {
  version: string;
  /** Largest shift added to a score (half each way); 0 for the pinned version. */
  drift: number;
  /** The softmax's sharpness (2.5 is the pinned version's). */
  sharpness: number;
  /** Cues this version does not read (docs/architecture.md, "The Sandbox judge"). */
  blind: CueBlindness[];
  /** Levels added to a score question's position (negative: a harsher grader). */
  scoreBias: number;
}

/** Scores shifted by the version's seeded drift: only near-ties can change their winner. */
export function drifted(scores: number[], version: JudgeVersion, rng: Rng): number[] {
  if (version.drift === 0) return scores;
  return scores.map((s) => s + (rng.next() - 0.5) * version.drift);
}

export function driftedNoul(noul: number, version: JudgeVersion, rng: Rng): number {
  if (version.drift === 0) return noul;
  return round4(Math.min(0.98, Math.max(0.02, noul + (rng.next() - 0.5) * version.drift * 0.5)));
}
