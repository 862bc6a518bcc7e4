import type { EvalRunView } from '../../../../src-shared/evals/eval-run-views';
import { columnId } from './cell-spread';

/** A column of the matrix: one prompt variant on one target. */
export interface MatrixColumn {
  id: string;
  variantId: string;
  targetId: string;
  /** "Variant · model", as headers, the compare pickers and screen readers name it. */
  label: string;
}

/** The run's columns, variant by variant, each on every target (the plan's order). */
export function matrixColumns(run: Pick<EvalRunView, 'variants' | 'targets'>): MatrixColumn[] {
  return run.variants.flatMap((v) =>
    run.targets.map((tg) => ({
      id: columnId(v.id, tg.id),
      variantId: v.id,
      targetId: tg.id,
      label: `${v.name} · ${tg.model}`,
    })),
  );
}
