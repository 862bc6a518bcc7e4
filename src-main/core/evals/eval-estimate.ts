import type { DatabaseSync } from 'node:sqlite';
import type { EvalSpec } from '../../../src-shared/evals/eval-definition';
import type { EvalRunEstimate } from '../../../src-shared/evals/eval-run-views';
import { graderState } from '../../../src-shared/evals/grader-state';
import { evalRequestBody, renderVariant } from '../../../src-shared/evals/render-variant';
import { planSummary } from '../../../src-shared/evals/run-plan';
import {
  costYuan,
  flatTexts,
  JUDGE_RESERVATION_YUAN,
  judgeTexts,
  stateText,
} from '../../../src-shared/judge/judge-estimate';
import type { Question } from '../../../src-shared/judge/question-rules';
import type { EvalRepository } from '../db/eval-repository';
import type { TokenCounter } from '../judge/token-counter';
import { requestCacheKey } from './request-cache-key';

/** What the estimate needs that main alone knows: the grader's questions and the targets' addresses. */
export interface EvalEstimateInput {
  evalId: string;
  concurrency: number;
  /** The grader's questions at its pinned revision; null: no grader. */
  questions: Question[] | null;
  /** Each target profile's base URL (profile-address.ts), as the cache key hashes it. */
  baseUrls: Record<string, string>;
}

/** Rows read and counted at once. */
const PAGE_ROWS = 500;

/**
 * A run's estimate before it starts (docs/architecture.md, "Evals"), read from
 * `db` and counted with `tokens`: in the app it runs whole in a worker (`evals.estimate`), so
 * main neither reads 100,000 rows nor tokenizes them. Every cell's request is rendered and keyed
 * as the run would, and looked up among the eval's done cells, so the chat calls are the ones
 * the cache leaves to send.
 */
export async function estimateEval(
  db: DatabaseSync,
  evals: Pick<EvalRepository, 'get' | 'rows' | 'countRows'>,
  input: EvalEstimateInput,
  tokens: TokenCounter,
  signal?: AbortSignal,
): Promise<EvalRunEstimate> {
  const record = evals.get(input.evalId);
  if (!record) throw new Error(`eval ${input.evalId} no longer exists`);
  const spec: EvalSpec = record;
  const rows = evals.countRows(input.evalId);
  const plan = planSummary(spec, rows);
  // Keys are looked up only when some run of the eval has a done cell: a first run has no cache.
  const hasCache =
    db
      .prepare(
        `SELECT 1 AS x FROM eval_cells WHERE state = 'done'
           AND run_id IN (SELECT id FROM eval_runs WHERE eval_id = ?) LIMIT 1`,
      )
      .get(input.evalId) !== undefined;
  const cached = db.prepare(
    `SELECT 1 AS x FROM eval_cells WHERE cache_key = ? AND state = 'done'
       AND run_id IN (SELECT id FROM eval_runs WHERE eval_id = ?) LIMIT 1`,
  );
  const { grader } = spec;
  const questions = grader ? input.questions : null;
  const perCall =
    questions && grader ? flatTexts(judgeTexts(undefined, questions, grader.judgeModel)).slice(1) : [];
  // The JSON envelope and the questions: the same in every judge call.
  const perCallTokens = perCall.length ? (await tokens.count(perCall, signal)).reduce((a, b) => a + b, 0) : 0;
  const columns = spec.targets.length * spec.repeats;

  let promptTokens = 0;
  let incompleteCells = 0;
  let cachedCells = 0;
  let judgeStateTokens = 0;
  for (let from = 0; from < rows; from += PAGE_ROWS) {
    signal?.throwIfAborted();
    const page = evals.rows(input.evalId, from, PAGE_ROWS);
    const texts: string[] = [];
    const weights: number[] = [];
    for (const row of page) {
      for (const variant of spec.variants) {
        const rendered = renderVariant(variant, row);
        if (!rendered.ok) {
          incompleteCells += columns;
          continue;
        }
        texts.push(rendered.messages.map((m) => String(m.content)).join('\n'));
        weights.push(columns);
        if (!hasCache) continue;
        for (const target of spec.targets) {
          const baseUrl = input.baseUrls[target.profileId];
          if (baseUrl === undefined) continue;
          const body = evalRequestBody(variant, target, rendered.messages);
          for (let sample = 0; sample < spec.repeats; sample++)
            if (cached.get(requestCacheKey({ baseUrl, model: target.model, body, sample }), input.evalId))
              cachedCells++;
        }
      }
      if (questions && grader) {
        // The reply is not known before the run: the state is counted without it.
        const state = graderState(grader.state, row, '', spec.dataset.expectedColumn);
        texts.push(state.ok ? stateText(state.state) : '');
        weights.push(-(spec.variants.length * columns));
      }
    }
    const counts = await tokens.count(texts, signal);
    counts.forEach((n, i) => {
      if (weights[i] > 0) promptTokens += n * weights[i];
      else judgeStateTokens += n * -weights[i];
    });
  }
  const sendable = plan.cells - incompleteCells;
  // A cached cell carries the latency of the reply it copied: only sent ones are a basis.
  const meanMs = hasCache
    ? (
        db
          .prepare(
            `SELECT avg(latency_ms) AS ms FROM eval_cells WHERE state = 'done' AND latency_ms IS NOT NULL
               AND json_extract(reply, '$.fromCache') IS NULL
               AND run_id IN (SELECT id FROM eval_runs WHERE eval_id = ?)`,
          )
          .get(input.evalId) as { ms: number | null }
      ).ms
    : null;
  const judgeCalls = questions ? sendable : 0;
  const judgeTokens = judgeStateTokens + judgeCalls * perCallTokens;
  return {
    cells: plan.cells,
    chatCalls: sendable - cachedCells,
    cachedCells,
    incompleteCells,
    judgeCalls,
    embeddingInputs: spec.similarity ? sendable + rows : 0,
    promptTokens,
    judgeInputTokens: judgeTokens,
    judgeYuan: questions ? costYuan(judgeTokens) : null,
    balanceYuan: questions ? costYuan(judgeTokens) + input.concurrency * JUDGE_RESERVATION_YUAN : null,
    idealChatSeconds:
      meanMs === null ? null : (Math.ceil((sendable - cachedCells) / input.concurrency) * meanMs) / 1000,
    chatYuan: null,
    embeddingsYuan: null,
  };
}
