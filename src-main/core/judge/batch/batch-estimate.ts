import type { BatchEstimate, BatchRun } from '../../../../src-shared/judge/batch-run';
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
import { parseSetCasesKey } from './set-case-source';
import { QuarantineNeededError } from '../../workers/worker-pool';
import { AppFailure } from '../../../../src-shared/result';

/** Cases read, and their states counted, a page at a time. */
const PAGE = 200;

const estimateStopped = () =>
  new AppFailure({ code: 'aborted', message: 'The estimate was stopped: the window that asked went away.' });

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
    if (signal?.aborted) throw estimateStopped();
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

/**
 * A run's estimate, where it costs main least: over a set's saved cases with a pool's counter,
 * whole in a worker (main neither reads the pages nor counts); otherwise main reads the pages and
 * `tokens` counts them. A row that fails its schema cannot be set aside on the worker's read-only
 * connection, so then main estimates, which sets it aside as its reads do. `signal` (the window's
 * call going away) ends the worker's job, or main's reading between pages.
 */
export async function estimateBatchRun(
  run: Pick<BatchRun, 'model' | 'source'>,
  questions: Question[],
  concurrency: number,
  source: () => CaseSource,
  tokens: TokenCounter = inThreadTokenCounter,
  signal?: AbortSignal,
): Promise<BatchEstimate> {
  const inMain = () => estimateRun(source(), questions, run.model, concurrency, tokens, signal);
  const ref = run.source;
  if (!tokens.estimateSetCases || ref.kind !== 'named' || !parseSetCasesKey(ref.key)) return inMain();
  try {
    return await tokens.estimateSetCases({ key: ref.key, questions, model: run.model, concurrency }, signal);
  } catch (err) {
    if (err instanceof QuarantineNeededError) return inMain();
    throw err;
  }
}
