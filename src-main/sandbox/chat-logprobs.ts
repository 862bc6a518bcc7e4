import { seededRng } from './seed';

export interface TopLogprob {
  token: string;
  logprob: number;
  bytes: number[];
}
export interface TokenLogprob extends TopLogprob {
  top_logprobs: TopLogprob[];
}

// Alternatives offered in top_logprobs, each given the chosen token's leading space.
const ALTERNATIVES = [
  'the',
  'a',
  'and',
  'of',
  'to',
  'in',
  'is',
  'it',
  'that',
  'for',
  'on',
  'with',
  'as',
  'this',
  'we',
  'can',
  'be',
  'or',
  'by',
  'an',
  'from',
  'at',
  'not',
  'but',
  'more',
  'each',
  'one',
  'so',
  'all',
  'when',
  '.',
  ',',
  ':',
  '"',
  '{',
  '}',
  '-',
  '\n',
  'The',
  'Sandbox',
  'reply',
  'text',
  'value',
  'data',
  'here',
];

const bytesOf = (token: string) => [...Buffer.from(token, 'utf8')];
const round = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * Log probabilities for each token of a reply, as OpenAI's `logprobs.content` holds them:
 * deterministic (seeded by the token and its position), at most 0, and with `top` alternatives
 * ranked below the chosen token (which comes first, as a greedy pick would), their probabilities
 * summing to at most 1.
 */
export function tokenLogprobs(tokens: readonly string[], top: number, seed: unknown): TokenLogprob[] {
  return tokens.map((token, position) => {
    const rng = seededRng('logprob', seed, position, token);
    // Mostly confident, now and then unsure: p from about 0.2 to 1.
    const p = Math.max(0.2, 1 - rng.next() ** 3 * 0.8);
    const chosen = { token, logprob: round(Math.log(p)), bytes: bytesOf(token) };
    const lead = /^\s*/.exec(token)?.[0] ?? '';
    const alternatives: TopLogprob[] = [];
    const used = new Set([token]);
    let rest = 1 - p;
    let cap = p;
    for (let tries = 0; alternatives.length < top - 1 && tries < 200; tries++) {
      const alt = lead + rng.pick(ALTERNATIVES);
      if (used.has(alt)) continue;
      used.add(alt);
      // Each alternative takes part of what is left and stays below the one before it.
      const share = Math.min(rest * (0.3 + rng.next() * 0.4), cap * 0.9);
      rest -= share;
      cap = share;
      alternatives.push({
        token: alt,
        logprob: round(Math.log(Math.max(share, 1e-12))),
        bytes: bytesOf(alt),
      });
    }
    return { ...chosen, top_logprobs: top > 0 ? [{ ...chosen }, ...alternatives] : [] };
  });
}
