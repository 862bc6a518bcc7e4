import type { EvalSpec } from '../../../src-shared/evals/eval-definition';
import type { DatasetRow } from '../../../src-shared/evals/fill-template';
import { cellId, type PlanCell, planCells } from '../../../src-shared/evals/run-plan';
import { invalidInput } from '../../../src-shared/result';
import type { EvalRepository } from '../db/eval-repository';
import type { EvalRunRepository } from '../db/eval-repository-runs';

/** A planned cell with its dataset row (undefined when the row could not be read). */
export interface SourcedCell extends PlanCell {
  data: DatasetRow | undefined;
}

type PlanShape = Pick<EvalSpec, 'variants' | 'targets' | 'repeats'>;

/**
 * A run's cells for the batch runner, in plan order (row by row), read a page at a time: the
 * offset is a cell's place in the plan, so a page covers a few rows, read by position from
 * `eval_rows` (docs/architecture.md, "Evals"). Never the whole plan in memory.
 */
export function evalCellSource(
  evals: Pick<EvalRepository, 'rows'>,
  evalId: string,
  spec: PlanShape,
  rows: number,
) {
  const perRow = spec.variants.length * spec.targets.length * spec.repeats;
  return {
    count: () => rows * perRow,
    page(offset: number, limit: number): SourcedCell[] {
      const fromRow = Math.floor(offset / perRow);
      const toRow = Math.min(rows, Math.ceil((offset + limit) / perRow));
      if (fromRow >= toRow) return [];
      const byPosition = new Map(evals.rows(evalId, fromRow, toRow - fromRow).map((r) => [r.position, r]));
      const out: SourcedCell[] = [];
      let at = fromRow * perRow;
      for (const cell of planCells(spec, toRow, fromRow)) {
        if (at >= offset + limit) break;
        if (at++ < offset) continue;
        const row = byPosition.get(cell.row);
        out.push({
          ...cell,
          data: row && {
            variables: row.variables,
            ...(row.expected === undefined ? {} : { expected: row.expected }),
          },
        });
      }
      return out;
    },
  };
}

/** Rows whose stored cells are read at once: 1,000 rows take at most ~17 ms (architecture.md). */
export const SKIP_SLICE_ROWS = 1_000;

/**
 * The cells a resumed run must not send again (any stored result, done or failed), read a
 * slice of rows at a time as the runner asks about them in plan order, so a 400,000-cell run
 * never holds all their ids.
 */
export function storedCells(runs: Pick<EvalRunRepository, 'cellIds'>, runId: string) {
  let slice = { from: -1, to: -1, ids: new Set<string>() };
  return {
    has(id: string): boolean {
      const row = Number(id.slice(0, id.indexOf('.')));
      if (row < slice.from || row >= slice.to) {
        const from = Math.floor(row / SKIP_SLICE_ROWS) * SKIP_SLICE_ROWS;
        const rows = { from, to: from + SKIP_SLICE_ROWS };
        slice = { ...rows, ids: runs.cellIds(runId, undefined, rows) };
      }
      return slice.ids.has(id);
    },
  };
}

/** A cell the run's plan holds (its row, variant, target and sample exist), or a refusal naming the field. */
export function plannedCell(
  run: { spec: PlanShape; plan: { rows: number } },
  key: { row: number; variantId: string; targetId: string; sample: number },
): PlanCell {
  if (key.row >= run.plan.rows)
    throw invalidInput('row', `must be less than the run's ${run.plan.rows} rows`);
  if (!run.spec.variants.some((v) => v.id === key.variantId))
    throw invalidInput('variantId', 'must be a variant of the run');
  if (!run.spec.targets.some((t) => t.id === key.targetId))
    throw invalidInput('targetId', 'must be a target of the run');
  if (key.sample >= run.spec.repeats)
    throw invalidInput('sample', `must be less than the run's ${run.spec.repeats} repeats`);
  const { row, variantId, targetId, sample } = key;
  return { id: cellId(row, variantId, targetId, sample), row, variantId, targetId, sample };
}
