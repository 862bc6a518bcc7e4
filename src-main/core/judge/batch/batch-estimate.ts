import type { BatchEstimate } from '../../../../src-shared/judge/batch-run';
import { costYuan, estimateJudge, JUDGE_RESERVATION_YUAN } from '../../../../src-shared/judge/judge-estimate';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { parseState } from '../../../../src-shared/judge/state-input';
import { loadTokenCounter } from '../ask-judge';
import type { CaseSource } from './case-source';

/**
 * Before a run starts: its cases read page by page (never held whole), their input tokens, the
 * cost, and the balance the run needs with `concurrency` requests each reserving their share.
 */
export async function estimateRun(
  source: CaseSource,
  questions: Question[],
  model: string,
  concurrency: number,
): Promise<BatchEstimate> {
  const count = await loadTokenCounter();
  let cases = 0;
  let unreadableCases = 0;
  let inputTokens = 0;
  for (let offset = 0; ; offset += 200) {
    const page = await source.page(offset, 200);
    for (const c of page) {
      cases++;
      const state = parseState(c.state);
      if (!state.ok) unreadableCases++;
      else inputTokens += estimateJudge(state.value, questions, count, model).totalTokens;
    }
    if (page.length < 200) break;
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
