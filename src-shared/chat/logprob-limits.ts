/**
 * Token probabilities' limits and arithmetic, without zod: the chat's first screen shows them,
 * so they are kept apart from the schemas in logprobs.ts (which re-exports them) and zod loads
 * only with the forms that validate (docs/architecture.md, "The window").
 */

/** Most tokens kept of one reply; the rest are dropped and `cut` says so. */
export const MAX_LOGPROB_TOKENS = 20_000;
/** Most alternatives kept over the whole reply; past it tokens keep none and `cut` says so. */
export const MAX_LOGPROB_ALTERNATIVES = 100_000;
/** Longest token text kept (a token is a few characters; a hostile stream could send more). */
export const MAX_TOKEN_CHARS = 200;

/** A log probability as a probability from 0 to 1. */
export function probabilityOf(logprobValue: number): number {
  return Math.min(1, Math.max(0, Math.exp(logprobValue)));
}
