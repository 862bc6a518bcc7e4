import { z } from 'zod';
import { MAX_LOGPROB_TOKENS, MAX_TOKEN_CHARS } from './logprob-limits';

/**
 * A reply's token probabilities (`logprobs`), as kept with the message. Bounded, since a long
 * reply with 20 alternatives per token would otherwise weigh megabytes: see docs/architecture.md,
 * "Token probabilities".
 */

// The limits and the arithmetic without zod live in logprob-limits.ts, so the window's first
// screen does not load zod; re-exported here for main's code.
export {
  MAX_LOGPROB_TOKENS,
  MAX_LOGPROB_ALTERNATIVES,
  MAX_TOKEN_CHARS,
  probabilityOf,
} from './logprob-limits';

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
