import type { StateFeatures } from './judge-cues';
import { words } from './judge-scoring';

/**
 * Which of the state's cues a question's text is about (docs/architecture.md, "The Sandbox
 * judge"): each concept has words that name it in an option, a level or a statement; a negation
 * just before ("not", "neither … nor") turns it round, so "neither warm nor rude" reads as the
 * absence of both. Text naming no concept leaves the judge to plain word overlap.
 */
export type Concept = Exclude<keyof StateFeatures, 'engaged'> | 'addressed';

const NAMES: [Concept, RegExp][] = [
  [
    'warm',
    /^(polite\w*|courteous\w*|warm\w*|friendly|kind\w*|thank\w*|apolog\w*|greet\w*|considerate|respectful)$/,
  ],
  ['rude', /^(rude\w*|dismissive\w*|blam\w*|impatien\w*|hostile|harsh\w*|condescending|insult\w*)$/],
  ['money', /^(refund\w*|credit\w*|money|reimburs\w*|compensat\w*|voucher\w*)$/],
  ['asks', /^(asks?|asking|question\w*|information|details?|clarif\w*)$/],
  ['done', /^(fix|fixes|fixed|resolv\w*|solv\w*|done|solved)$/],
  ['partial', /^(progress|partly|partial\w*|part|gaps?|remains?)$/],
  ['addressed', /^(address\w*|deal|deals|relevant|respond\w*)$/],
];
const NEGATION = /^(not|no|never|neither|nor|without|doesn|isn|fails?)$/;

export type Profile = Partial<Record<Concept, 1 | -1>>;

/** The concepts a text names, each +1, or −1 when a negation stands at most three words before. */
export function profileOf(text: string): Profile {
  const ws = words(text.replace(/_/g, ' '));
  const out: Profile = {};
  ws.forEach((w, i) => {
    const concept = NAMES.find(([, re]) => re.test(w))?.[0];
    if (!concept || out[concept] !== undefined) return;
    const negated = ws.slice(Math.max(0, i - 3), i).some((p) => NEGATION.test(p));
    out[concept] = negated ? -1 : 1;
  });
  return out;
}

export const isEmpty = (p: Profile) => Object.keys(p).length === 0;

const strengthOf = (f: StateFeatures, c: Concept) => (c === 'addressed' ? f.engaged : f[c]);

/**
 * How well the state fits a profile: each concept's strength, centred on 0.5 so a cue's absence
 * counts against a concept named and for one negated, summed.
 */
export function fit(profile: Profile, f: StateFeatures): number {
  let sum = 0;
  for (const [c, sign] of Object.entries(profile) as [Concept, 1 | -1][])
    sum += sign * (strengthOf(f, c) - 0.5);
  return sum;
}

/** Questions about helpfulness or usefulness as a whole are graded by `helpfulness` in the cues. */
export const asksHelpfulness = (instructions: string) =>
  words(instructions).some((w) => /^(helpful\w*|useful\w*|usefulness|helpfulness)$/.test(w));
