import { z } from 'zod';

/**
 * A reply's token probabilities (`logprobs`), as kept with the message. Bounded, since a long
 * reply with 20 alternatives per token would otherwise weigh megabytes: see docs/architecture.md,
 * "Token probabilities".
 */

/** Most tokens kept of one reply; the rest are dropped and `cut` says so. */
export const MAX_LOGPROB_TOKENS = 20_000;
/** Most alternatives kept over the whole reply; past it tokens keep none and `cut` says so. */
export const MAX_LOGPROB_ALTERNATIVES = 100_000;
/** Longest token text kept (a token is a few characters; a hostile stream could send more). */
export const MAX_TOKEN_CHARS = 200;

const tokenText = z.string().max(MAX_TOKEN_CHARS);
/** A log probability: 0 or below (a gateway may send -9999 for "never"). */
const logprob = z.number().max(0);

export const tokenAlternativeSchema = z.object({ token: tokenText, logprob });

export const tokenLogprobSchema = z.object({
  token: tokenText,
  logprob,
  /** The likeliest tokens at this place, the one chosen usually among them. */
  top: z.array(tokenAlternativeSchema).max(20).optional(),
});
export type TokenLogprob = z.infer<typeof tokenLogprobSchema>;

export const messageLogprobsSchema = z.object({
  tokens: z.array(tokenLogprobSchema).max(MAX_LOGPROB_TOKENS),
  /** Tokens or alternatives were left out to stay within the limits above. */
  cut: z.boolean().optional(),
});
export type MessageLogprobs = z.infer<typeof messageLogprobsSchema>;

/** A log probability as a probability from 0 to 1. */
export function probabilityOf(logprobValue: number): number {
  return Math.min(1, Math.max(0, Math.exp(logprobValue)));
}
