import type { EvalFilter } from '../../../../src-shared/ipc/routes/eval-stats-routes';
import type { MatrixColumn } from './matrix-columns';

/** Which rows the matrix shows: all, or those a filter of evals.runs.filter finds. */
export const ROW_FILTERS = ['all', 'disagree', 'failsA', 'failsB', 'erroredA', 'erroredB'] as const;
export type RowFilter = (typeof ROW_FILTERS)[number];

/** What is compared: two columns (by id), on the checks or one question. */
export interface CompareChoice {
  a?: string;
  b?: string;
  /** '' for the checks, else a question's name. */
  of: string;
  filter: RowFilter;
}

export const ofInput = (of: string): 'checks' | { question: string } =>
  of === '' ? 'checks' : { question: of };
export const columnInput = (c: MatrixColumn) => ({ variantId: c.variantId, targetId: c.targetId });

/** The route's filter for the choice, or undefined when it needs a column not picked (or all rows). */
export function filterInput(choice: CompareChoice, columns: MatrixColumn[]): EvalFilter | undefined {
  const a = columns.find((c) => c.id === choice.a);
  const b = columns.find((c) => c.id === choice.b);
  switch (choice.filter) {
    case 'all':
      return undefined;
    case 'disagree':
      return a && b && a !== b
        ? { kind: 'disagree', a: columnInput(a), b: columnInput(b), of: ofInput(choice.of) }
        : undefined;
    case 'failsA':
    case 'failsB': {
      const c = choice.filter === 'failsA' ? a : b;
      return c ? { kind: 'fails-check', column: columnInput(c) } : undefined;
    }
    case 'erroredA':
    case 'erroredB': {
      const c = choice.filter === 'erroredA' ? a : b;
      return c ? { kind: 'errored', column: columnInput(c) } : undefined;
    }
  }
}
