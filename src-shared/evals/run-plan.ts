import type { EvalSpec } from './eval-definition';
import { DATASET_ROWS_MAX, RUN_CELLS_MAX } from './eval-limits';

/**
 * A run's cells: rows × variants × targets × repeats (docs/architecture.md, "Evals (in
 * progress)"). Cells are never listed in full before they are sent: the plan is the definition
 * and the row count, its cells are generated in order, and a cell is stored when it has a result.
 */
export interface PlanCell {
  /** `row.variant.target.sample`: ids hold no `.`, so it reads back (parseCellId). */
  id: string;
  /** The row's position in the dataset, from 0. */
  row: number;
  variantId: string;
  targetId: string;
  /** Which of the repeats, from 0. */
  sample: number;
}

export interface PlanSummary {
  rows: number;
  variants: number;
  targets: number;
  repeats: number;
  /** variants × targets: the matrix's columns. */
  columns: number;
  /** Chat calls, before the cache takes its share. */
  cells: number;
  /** One judge call per cell when the eval has a grader. */
  judgeCalls: number;
  /** The reply of each cell and each row's reference, when the eval has a similarity check. */
  embeddingInputs: number;
}

type PlanShape = Pick<EvalSpec, 'variants' | 'targets' | 'repeats'> &
  Partial<Pick<EvalSpec, 'grader' | 'similarity'>>;

export function cellId(row: number, variantId: string, targetId: string, sample: number): string {
  return `${row}.${variantId}.${targetId}.${sample}`;
}

const CELL_ID = /^(0|[1-9]\d{0,8})\.([A-Za-z0-9_-]{1,40})\.([A-Za-z0-9_-]{1,40})\.(0|[1-9]\d?)$/;

export function parseCellId(id: string): PlanCell | undefined {
  const m = CELL_ID.exec(id);
  if (!m) return undefined;
  return { id, row: Number(m[1]), variantId: m[2], targetId: m[3], sample: Number(m[4]) };
}

export function planSummary(spec: PlanShape, rows: number): PlanSummary {
  const columns = spec.variants.length * spec.targets.length;
  const cells = rows * columns * spec.repeats;
  return {
    rows,
    variants: spec.variants.length,
    targets: spec.targets.length,
    repeats: spec.repeats,
    columns,
    cells,
    judgeCalls: spec.grader ? cells : 0,
    embeddingInputs: spec.similarity ? cells + rows : 0,
  };
}

/** Why the run cannot be planned (too many rows or cells), in words; undefined when it can. */
export function planProblem(summary: PlanSummary): string | undefined {
  if (summary.rows < 1) return 'The dataset has no rows: import some first.';
  if (summary.rows > DATASET_ROWS_MAX)
    return `The dataset has ${summary.rows.toLocaleString('en')} rows; an eval takes at most ${DATASET_ROWS_MAX.toLocaleString('en')}.`;
  if (summary.cells > RUN_CELLS_MAX)
    return `The run would have ${summary.cells.toLocaleString('en')} cells (rows × variants × targets × repeats); at most ${RUN_CELLS_MAX.toLocaleString('en')}.`;
  return undefined;
}

/**
 * Every cell of the plan, row by row (so the matrix fills from the top), then variant, target
 * and sample, from the row `fromRow` on.
 */
export function* planCells(spec: PlanShape, rows: number, fromRow = 0): Generator<PlanCell> {
  for (let row = fromRow; row < rows; row++)
    for (const v of spec.variants)
      for (const t of spec.targets)
        for (let sample = 0; sample < spec.repeats; sample++)
          yield { id: cellId(row, v.id, t.id, sample), row, variantId: v.id, targetId: t.id, sample };
}
