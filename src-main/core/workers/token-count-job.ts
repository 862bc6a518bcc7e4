import { z } from 'zod';
import { inThreadTokenCounter } from '../judge/token-counter';
import { COUNT_TOKENS_JOB } from './worker-messages';
import type { JobTable } from './worker-host';

/** At most this many texts a job: a page of cases (200) with room to spare. */
export const MAX_TEXTS_PER_JOB = 10_000;

const countInput = z.object({
  texts: z.array(z.string(), { error: 'texts: must be a list of strings' }).max(MAX_TEXTS_PER_JOB, {
    error: `texts: at most ${MAX_TEXTS_PER_JOB} a job`,
  }),
});

/**
 * The judge's token counting in a worker thread (docs/architecture.md, "The judge's
 * tokenizer"): gpt-tokenizer is loaded by the first job and kept, so main never evaluates it.
 */
export function tokenCountJobs(): JobTable {
  return {
    [COUNT_TOKENS_JOB]: (input: unknown) => inThreadTokenCounter.count(countInput.parse(input).texts),
  };
}
