import type { EvalSpec } from '../../src-shared/evals/eval-definition';
import { columnName, type ColumnStats, type Figure } from '../../src-shared/evals/stats';
import type { EvalRunFigures } from '../core/evals/report/eval-run-figures';
import type { JunitColumn } from './eval-junit';

/**
 * What `gatehouse eval run` prints (docs/architecture.md, "Evals"): a table of the
 * columns — cells, the checks' pass rate, each yes/no question's rate and each score's mean, each
 * with its 95 % interval, p50 / p95 latency — then the comparisons' sentences and the minimums'.
 */
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

function figureText(f: Figure | undefined, rate: boolean): string {
  if (!f || f.estimate === undefined) return '—';
  const show = (v: number) => (rate ? pct(v) : v.toFixed(2));
  return f.lower === undefined
    ? show(f.estimate)
    : `${show(f.estimate)} [${show(f.lower)}, ${show(f.upper!)}]`;
}

/** Rows of cells padded to their column's width, two spaces apart. */
export function padTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i] - [...cell].length)))
        .join('  '),
    )
    .join('\n');
}

export function columnsTable(spec: EvalSpec, stats: readonly ColumnStats[]): string {
  const questions = (stats[0]?.questions ?? []).filter((q) => q.kind !== 'choice');
  const head = [
    'column',
    'cells (errored)',
    'checks passed [95% CI]',
    ...questions.map((q) => (q.kind === 'score' ? `${q.name} mean [95% CI]` : `${q.name} yes [95% CI]`)),
    'latency p50 / p95',
  ];
  const ms = (v: number | undefined) => (v === undefined ? '—' : `${Math.round(v)} ms`);
  const rows = stats.map((s) => [
    columnName(spec, s.column),
    `${s.cells} (${s.errored})`,
    spec.checks.length || spec.similarity ? figureText(s.checks, true) : '—',
    ...questions.map((q) => {
      const found = s.questions.find((x) => x.name === q.name);
      if (found?.kind === 'noul') return figureText(found.passRate, true);
      if (found?.kind === 'score') return figureText(found.mean, false);
      return '—';
    }),
    `${ms(s.latency.p50)} / ${ms(s.latency.p95)}`,
  ]);
  return padTable([head, ...rows]);
}

/** `helpfulness: B beats A by 1.56 points [1.40, 1.72] on 200 rows (p < 0.001)`, one a line. */
export function comparisonLines(figures: EvalRunFigures): string[] {
  return figures.comparisons.map((c) => {
    const of = c.of === 'checks' ? 'checks' : c.of.question;
    const p =
      c.pValue === undefined ? '' : c.pValue < 0.001 ? ' (p < 0.001)' : ` (p = ${c.pValue.toFixed(3)})`;
    return `${of}: ${c.sentence}${p}`;
  });
}

/** The JUnit file's columns: each gate under the column it judged, each errored cell under its own. */
export function junitColumns(
  spec: EvalSpec,
  figures: EvalRunFigures,
  cells: ReadonlyMap<string, { errors: { name: string; message: string }[]; seconds: number }>,
): JunitColumn[] {
  return figures.stats.map((s) => {
    const key = `${s.column.variantId}.${s.column.targetId}`;
    const gates = figures.gates.filter(
      (g) => g.column.variantId === s.column.variantId && g.column.targetId === s.column.targetId,
    );
    return {
      name: columnName(spec, s.column),
      minimums: gates.map((g) => ({
        name: `minimums[${g.index}] ${g.minimum.kind}`,
        failed: !g.pass,
        sentence: g.sentence,
      })),
      errors: cells.get(key)?.errors ?? [],
      seconds: cells.get(key)?.seconds ?? 0,
    };
  });
}
