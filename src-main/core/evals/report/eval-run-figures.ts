import type { EvalSpec } from '../../../../src-shared/evals/eval-definition';
import type { EvalCell } from '../../../../src-shared/evals/eval-run';
import {
  type ColumnComparison,
  type ColumnData,
  type ColumnRef,
  columnName,
  type ColumnStats,
  columnStats,
  compareColumns,
  evaluateMinimums,
  type GateResult,
  RunStatsAccumulator,
  sameColumn,
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

/** A comparison to make: B against A on `of`. */
export interface ComparisonPair {
  a: ColumnRef;
  b: ColumnRef;
  of: StatsOf;
}

/**
 * The comparisons a report makes: every two columns that differ in one thing (the prompt on one
 * target, or the target for one prompt), on the checks when the eval has any and on each noul and
 * score question (a choice question has no single figure to compare).
 */
export function comparisonPairs(
  spec: EvalSpec,
  columns: readonly { column: ColumnRef; questions: readonly { name: string; kind: string }[] }[],
): ComparisonPair[] {
  const on: StatsOf[] = spec.checks.length > 0 || spec.similarity ? ['checks'] : [];
  for (const q of columns[0]?.questions ?? []) if (q.kind !== 'choice') on.push({ question: q.name });
  const pairs: ComparisonPair[] = [];
  for (let i = 0; i < columns.length; i++)
    for (let j = i + 1; j < columns.length; j++) {
      const [a, b] = [columns[i].column, columns[j].column];
      // The same column, or two things differ: not one question answered.
      if ((a.variantId === b.variantId) === (a.targetId === b.targetId)) continue;
      for (const of of on) pairs.push({ a, b, of });
    }
  return pairs;
}

/** The figures of a run's finished columns (`RunStatsAccumulator.finish()`). */
export function figuresOf(
  spec: EvalSpec,
  columns: readonly ColumnData[],
  options: StatsOptions = {},
): EvalRunFigures {
  const stats = columns.map((c) => columnStats(c, options));
  const comparisons = comparisonPairs(spec, columns).map(({ a, b, of }) =>
    compareColumns(
      columns.find((c) => sameColumn(c.column, a))!,
      columns.find((c) => sameColumn(c.column, b))!,
      of,
      options,
      { a: columnName(spec, a), b: columnName(spec, b) },
    ),
  );
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
