import { plainTextCounter } from '../../../src-shared/judge/plain-text-tokens';
import type { CountTokens } from '../../../src-shared/judge/judge-estimate';
import type { WorkerPool } from '../workers/worker-pool';
import { COUNT_TOKENS_JOB, ESTIMATE_SET_CASES_JOB } from '../workers/worker-messages';
import type { SetCasesEstimateInput } from '../workers/case-estimate-job';
import type { BatchEstimate } from '../../../src-shared/judge/batch-run';

/**
 * Counts the tokens of many texts at once, in order. The app gives the worker pool's counter, so
 * main never evaluates gpt-tokenizer (docs/architecture.md, "The judge's tokenizer"); where there
 * is no pool (the command line, unit tests), the same calls count in this thread.
 */
export interface TokenCounter {
  count(texts: string[], signal?: AbortSignal): Promise<number[]>;
  /**
   * Where counting is in a worker, a run's estimate over a set's saved cases is made there whole:
   * the worker reads the pages from its own connection too, so main neither reads nor counts.
   */
  estimateSetCases?(input: SetCasesEstimateInput, signal?: AbortSignal): Promise<BatchEstimate>;
}

let tokenizer: Promise<CountTokens> | undefined;

/**
 * gpt-tokenizer, loaded on first use in the thread that asks (about 250 ms of CPU to evaluate in
 * Node 24): a worker thread in the app, this thread without a pool.
 */
export const loadTokenCounter = (): Promise<CountTokens> =>
  (tokenizer ??= import('gpt-tokenizer').then(
    (m) => plainTextCounter(m),
    (err: unknown) => {
      tokenizer = undefined; // a failed load is tried again by the next count
      throw err;
    },
  ));

/** Whether this thread has started loading gpt-tokenizer (tests prove main never does). */
export const tokenizerLoadedHere = (): boolean => tokenizer !== undefined;

export const inThreadTokenCounter: TokenCounter = {
  async count(texts) {
    const count = await loadTokenCounter();
    return texts.map((t) => count(t));
  },
};

/** Counting as a job of the pool: any idle worker, so it never waits behind a set's keyed job. */
export function poolTokenCounter(pool: WorkerPool): TokenCounter {
  return {
    count: (texts, signal) => pool.run<number[]>(COUNT_TOKENS_JOB, { texts }, { signal }),
    estimateSetCases: (input, signal) => pool.run<BatchEstimate>(ESTIMATE_SET_CASES_JOB, input, { signal }),
  };
}

export function tokenCounterOf(pool: WorkerPool | undefined): TokenCounter {
  return pool ? poolTokenCounter(pool) : inThreadTokenCounter;
}

/**
 * A byte-level BPE token is at least one UTF-8 byte, so a text's byte length bounds its token
 * count from above (proved for gpt-tokenizer by token-bound.test.ts): a request whose bound is
 * under the guard's thresholds needs no counting at all.
 */
export const tokenBound = (text: string): number => Buffer.byteLength(text, 'utf8');
