import type { BatchEstimate } from '../../../../src-shared/judge/batch-run';
import {
  costYuan,
  flatTexts,
  JUDGE_RESERVATION_YUAN,
  judgeTexts,
  stateText,
} from '../../../../src-shared/judge/judge-estimate';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { parseState } from '../../../../src-shared/judge/state-input';
import { inThreadTokenCounter, type TokenCounter } from '../token-counter';
import type { CaseSource } from './case-source';

/** Cases read, and their states counted, a page at a time. */
const PAGE = 200;

/**
 * Before a run starts: its cases read page by page (never held whole), their input tokens, the
 * cost, and the balance the run needs with `concurrency` requests each reserving their share.
 * Each case's request is the same envelope and questions around its state, so those are counted
 * once and each page's states in one call of `tokens` (the worker pool's in the app, so main
 * never tokenizes: docs/architecture.md, "The judge's tokenizer").
 */
export async function estimateRun(
  source: CaseSource,
  questions: Question[],
  model: string,
  concurrency: number,
  tokens: TokenCounter = inThreadTokenCounter,
  signal?: AbortSignal,
): Promise<BatchEstimate> {
  // Every text of a request but the state: counted once, added to each readable case.
  const [, ...rest] = flatTexts(judgeTexts(undefined, questions, model));
  const perCase = (await tokens.count(rest, signal)).reduce((a, b) => a + b, 0);
  let cases = 0;
  let unreadableCases = 0;
  let inputTokens = 0;
  for (let offset = 0; ; offset += PAGE) {
    const page = await source.page(offset, PAGE);
    const states: string[] = [];
    for (const c of page) {
      cases++;
      const state = parseState(c.state);
      if (!state.ok) unreadableCases++;
      else states.push(stateText(state.value));
    }
    if (states.length > 0) {
      for (const n of await tokens.count(states, signal)) inputTokens += n + perCase;
    }
    if (page.length < PAGE) break;
  }
  const cost = costYuan(inputTokens);
  const reservedYuan = concurrency * JUDGE_RESERVATION_YUAN;
  return {
    cases,
    unreadableCases,
    inputTokens,
    costYuan: cost,
    concurrency,
    reservedYuan,
    balanceNeededYuan: cost + reservedYuan,
  };
}
