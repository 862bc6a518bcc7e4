import { useEffect, useState } from 'react';
import {
  type CountTokens,
  estimateJudge,
  type JudgeEstimate,
} from '../../../src-shared/judge/judge-estimate';
import type { Question } from '../../../src-shared/judge/question-rules';
import type { StateValue } from '../../../src-shared/judge/state-input';
import { plainTextCounter } from '../../../src-shared/judge/plain-text-tokens';

let counter: Promise<CountTokens> | undefined;

/**
 * Token counts by text. The state is the big, slow part and rarely changes while questions are
 * edited, so its count is reused; question texts are small but many. Bounded so it cannot grow.
 */
export function cachedCounter(count: CountTokens, max = 200): CountTokens {
  const cache = new Map<string, number>();
  return (text) => {
    const hit = cache.get(text);
    if (hit !== undefined) return hit;
    const n = count(text);
    if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    cache.set(text, n);
    return n;
  };
}

/** gpt-tokenizer is large: it is loaded on first use, not at app start. */
function loadCounter(): Promise<CountTokens> {
  counter ??= import('gpt-tokenizer').then((m) => cachedCounter(plainTextCounter(m)));
  return counter;
}

/**
 * Recomputed a moment after typing stops, so a long state does not slow typing down. `pending`
 * is true from the first change until the estimate of exactly these inputs is in: a Run meanwhile
 * could send a request over the limits without the warning. A tokenizer that fails to load ends
 * the wait without an estimate (the gateway's own 413 still explains an oversized request).
 */
export function useTokenEstimate(
  state: StateValue | undefined,
  questions: Question[],
  model: string,
): { estimate?: JudgeEstimate; pending: boolean } {
  const [result, setResult] = useState<{ estimate?: JudgeEstimate; pending: boolean }>({ pending: true });
  useEffect(() => {
    let cancelled = false;
    setResult((r) => (r.pending ? r : { ...r, pending: true }));
    const timer = setTimeout(() => {
      loadCounter().then(
        (count) => {
          if (!cancelled)
            setResult({ estimate: estimateJudge(state, questions, count, model), pending: false });
        },
        () => {
          counter = undefined; // tried again on the next change
          if (!cancelled) setResult({ pending: false });
        },
      );
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [state, questions, model]);
  return result;
}
