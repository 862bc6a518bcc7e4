/**
 * An eval run's statistics (docs/architecture.md, "Evals: statistics"). The signatures the
 * command line and the worker job use, kept stable:
 * - `new RunStatsAccumulator(specColumns(spec))`, `.push(cell)` for each stored cell (no reply
 *   needed), `.finish()` → `ColumnData[]`;
 * - `columnStats(data, options?)` → `ColumnStats` (header figures with 95 % intervals);
 * - `compareColumns(a, b, of, options?, names?)` → `ColumnComparison` (paired B − A, p, sentence);
 * - `evaluateMinimums(spec, columns, options?, stats?)` → `GateResult[]`;
 * - `marksAgreement(marked, of)` / `MarksAgreementAccumulator`; `cellSpread(samples)`.
 * Options: `{confidence = 0.95, seed = 1, resamples = 1000, maxDraws = 20,000,000}`.
 */
export * from './stats-cell';
export * from './column-accumulator';
export * from './column-stats';
export * from './column-compare';
export * from './comparison-sentence';
export * from './eval-gates';
export * from './marks-agreement';
export * from './cell-spread';
