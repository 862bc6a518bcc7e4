import { z } from 'zod';
import { route } from '../define-route';
import { partIdSchema } from '../../evals/eval-schema-parts';
import { QUESTION_NAME_RE } from '../../judge/question-rules';
import type { ColumnComparison } from '../../evals/stats/column-compare';
import type { ColumnStats } from '../../evals/stats/column-stats';
import type { GateResult } from '../../evals/stats/eval-gates';
import type { MarksAgreement } from '../../evals/stats/marks-agreement';

/**
 * An eval run's statistics, comparisons and filters (docs/architecture.md, "Evals: statistics"),
 * computed in a worker from the stored cells (src-main/core/evals/eval-stats-job.ts).
 */
const runId = z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be a run id');
const column = z.object({ variantId: partIdSchema('a variant id'), targetId: partIdSchema('a target id') });
const of = z.union(
  [
    z.literal('checks'),
    z.object({
      question: z.string({ error: 'is required' }).regex(QUESTION_NAME_RE, 'must be a question name'),
    }),
  ],
  { error: 'must be "checks" or {"question": NAME}' },
);

export const evalStatsInputSchema = z.object({
  runId,
  /** What the user's marks are compared with: the checks by default, or a noul question. */
  marksOf: of.default('checks'),
});

export const evalCompareInputSchema = z.object({ runId, a: column, b: column, of });

export const evalFilterSchema = z.discriminatedUnion(
  'kind',
  [
    /** Rows where one column passes and the other fails (with repeats: their pass shares differ). */
    z.object({ kind: z.literal('disagree'), a: column, b: column, of }),
    /** Rows where a sample of the column failed a check. */
    z.object({ kind: z.literal('fails-check'), column }),
    /** Rows where a sample of the column errored (no reply). */
    z.object({ kind: z.literal('errored'), column }),
  ],
  { error: 'must be {"kind": "disagree" | "fails-check" | "errored", …}' },
);
export type EvalFilter = z.output<typeof evalFilterSchema>;

export const EVAL_FILTER_PAGE_MAX = 1000;
export const evalFilterInputSchema = z.object({
  runId,
  filter: evalFilterSchema,
  from: z
    .number({ error: 'must be a whole number from 0' })
    .int('must be a whole number from 0')
    .min(0, 'must be a whole number from 0'),
  limit: z
    .number({ error: `must be a whole number from 1 to ${EVAL_FILTER_PAGE_MAX}` })
    .int(`must be a whole number from 1 to ${EVAL_FILTER_PAGE_MAX}`)
    .min(1, `must be a whole number from 1 to ${EVAL_FILTER_PAGE_MAX}`)
    .max(EVAL_FILTER_PAGE_MAX, `must be a whole number from 1 to ${EVAL_FILTER_PAGE_MAX}`),
});

export interface EvalRunStats {
  runId: string;
  /** The spec's columns in its order (variants × targets), then any other column with cells. */
  columns: ColumnStats[];
  /** The run's own minimums (the definition it started with), checked on these figures. */
  gates: GateResult[];
  /** Null while no cell is marked. */
  marks: MarksAgreement | null;
}

/** Row positions matching the filter, `from` on, at most `limit`, and how many match in all. */
export interface EvalFilterPage {
  positions: number[];
  total: number;
  from: number;
}

export const evalStatsRoutes = {
  'evals.runs.stats': route<EvalRunStats>()(evalStatsInputSchema),
  'evals.runs.compare': route<ColumnComparison>()(evalCompareInputSchema),
  'evals.runs.filter': route<EvalFilterPage>()(evalFilterInputSchema),
};
