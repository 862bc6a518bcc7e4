import type { EvalSpec } from '../../../../src-shared/evals/eval-definition';
import type { EvalCell } from '../../../../src-shared/evals/eval-run';
import {
  type ColumnComparison,
  type ColumnData,
  columnName,
  type ColumnStats,
  columnStats,
  compareColumns,
  evaluateMinimums,
  type GateResult,
  RunStatsAccumulator,
  specColumns,
  type StatsOf,
  type StatsOptions,
} from '../../../../src-shared/evals/stats';

/**
 * A finished run's figures for the command line and the report (docs/architecture.md, "Evals (in
 * progress)"), all from the statistics module (src-shared/evals/stats): each column's stats, the
 * comparisons of every two columns that differ in one thing — the prompt on the same target, or
 * the target for the same prompt — on the checks and on each yes/no and score question, and the
 * eval's minimums.
 */
export interface EvalRunFigures {
  stats: ColumnStats[];
  comparisons: ColumnComparison[];
  gates: GateResult[];
}

/** What the comparisons are made on: the checks when the eval has any, and each noul and score question. */
function comparedOn(spec: EvalSpec, columns: readonly ColumnData[]): StatsOf[] {
  const on: StatsOf[] = spec.checks.length > 0 || spec.similarity ? ['checks'] : [];
  const questions = columns[0]?.questions ?? [];
  for (const q of questions) if (q.kind !== 'choice') on.push({ question: q.name });
  return on;
}

/** The figures of a run's finished columns (`RunStatsAccumulator.finish()`). */
export function figuresOf(
  spec: EvalSpec,
  columns: readonly ColumnData[],
  options: StatsOptions = {},
): EvalRunFigures {
  const stats = columns.map((c) => columnStats(c, options));
  const comparisons: ColumnComparison[] = [];
  const on = comparedOn(spec, columns);
  for (let i = 0; i < columns.length; i++)
    for (let j = i + 1; j < columns.length; j++) {
      const [a, b] = [columns[i], columns[j]];
      const samePrompt = a.column.variantId === b.column.variantId;
      const sameTarget = a.column.targetId === b.column.targetId;
      if (samePrompt === sameTarget) continue; // the same column, or two things differ
      const names = { a: columnName(spec, a.column), b: columnName(spec, b.column) };
      for (const of of on) comparisons.push(compareColumns(a, b, of, options, names));
    }
  return { stats, comparisons, gates: evaluateMinimums(spec, columns, options, stats) };
}

/** Every cell of a run pushed through the statistics' accumulator, then its figures. */
export function runFigures(
  spec: EvalSpec,
  cells: Iterable<EvalCell>,
  options: StatsOptions = {},
): EvalRunFigures {
  const acc = new RunStatsAccumulator(specColumns(spec));
  for (const c of cells) acc.push(c);
  return figuresOf(spec, acc.finish(), options);
}
