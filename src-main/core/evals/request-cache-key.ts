import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../src-shared/evals/canonical-json';

/**
 * What a cell's reply is cached by (docs/architecture.md, "Evals"): the exact
 * request body, the profile's base URL and the model, and which sample of the cell it is — two
 * samples of one request are two replies, or repeats would all be the first. A re-run after one
 * prompt was edited finds every other cell's reply under the same key and sends only that
 * prompt's cells.
 */
export interface CacheKeyInput {
  /** The profile's base URL as typed (profile-address.ts): another gateway is another reply. */
  baseUrl: string;
  model: string;
  body: unknown;
  /** From 0. */
  sample: number;
}

/** Bumped if what is hashed changes, so an old key can never match a new request by chance. */
const KEY_SCHEME = 1;

/** sha256 (hex) of the canonical JSON (sorted keys) of the request and where it goes. */
export function requestCacheKey(input: CacheKeyInput): string {
  const material = canonicalJson({
    scheme: KEY_SCHEME,
    baseUrl: input.baseUrl,
    model: input.model,
    body: input.body,
    sample: input.sample,
  });
  return createHash('sha256').update(material, 'utf8').digest('hex');
}
