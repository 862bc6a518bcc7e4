import type { EvalRecord } from '../../../src-shared/evals/eval-definition';

/** A stored eval as main returns it: two columns, an expected column, one variant and target. */
export const storedEval: EvalRecord = {
  id: 'e1',
  name: 'Support replies',
  createdAt: 1,
  updatedAt: 2,
  dataset: { source: { kind: 'stored' }, columns: ['customer', 'issue'], expectedColumn: 'gold' },
  variants: [{ id: 'v1', name: 'Terse', system: 'Be brief.', user: '{{customer}}: {{issue}}', params: {} }],
  targets: [{ id: 't1', profileId: 'sandbox', model: 'sandbox-chat-1' }],
  checks: [],
  repeats: 1,
  minimums: [],
};

/** `evals.rows.page` over `total` made-up rows: position n says so in each value. */
export const rowsOf = (total: number) => (input: unknown) => {
  const { from, limit } = input as { from: number; limit: number };
  const rows = [];
  for (let p = from; p < Math.min(total, from + limit); p++)
    rows.push({
      position: p,
      variables: { customer: `Customer ${p}`, issue: `Issue ${p}` },
      expected: `gold ${p}`,
    });
  return { rows, total };
};
