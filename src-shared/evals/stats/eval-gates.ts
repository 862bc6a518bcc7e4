import type { EvalMinimum, EvalSpec } from '../eval-definition';
import type { ColumnData } from './column-accumulator';
import { compareColumns } from './column-compare';
import { type ColumnStats, columnStats, type Figure, type StatsOptions } from './column-stats';
import { type ColumnRef, sameColumn, type StatsOf } from './stats-cell';

/**
 * An eval's minimums checked against a run (docs/architecture.md, "Evals: statistics"), for the
 * command line's exit code and the report. A pass rate or mean score is read at its `point`
 * estimate or at its interval's `lower-bound`; "B not worse than A" passes when the lower bound
 * of the paired B − A is at least −margin. A figure with no value (no row answered) fails.
 */
export interface GateResult {
  /** The minimum's index in `spec.minimums`; a minimum over every column gives one result per column. */
  index: number;
  minimum: EvalMinimum;
  /** The column judged (pass-rate, mean-score) or B of not-worse. */
  column: ColumnRef;
  pass: boolean;
  /** The figure compared (the estimate, a lower bound, or B − A's lower bound), 0–1 for rates. */
  figure: number | undefined;
  /** What it is compared with: the minimum, or −margin. */
  threshold: number;
  /** One English line naming the column, the figure and the outcome. */
  sentence: string;
}

/** "Warm × sandbox-chat": the variant's name and the target's model, else their ids. */
export function columnName(spec: Pick<EvalSpec, 'variants' | 'targets'>, c: ColumnRef): string {
  const v = spec.variants.find((x) => x.id === c.variantId);
  const t = spec.targets.find((x) => x.id === c.targetId);
  return `${v?.name ?? c.variantId} \u00d7 ${t?.model ?? c.targetId}`;
}

const ofWords = (of: StatsOf) => (of === 'checks' ? 'the checks' : `“${of.question}”`);
/** A fixed-point number with a true minus sign, as the comparison's sentence writes it. */
const fixed = (v: number, digits: number) => {
  const text = Math.abs(v).toFixed(digits);
  return v < 0 && Number(text) !== 0 ? `\u2212${text}` : text;
};
const pct = (v: number) => `${fixed(v * 100, 1)} %`;

function figureOf(stats: ColumnStats, m: Extract<EvalMinimum, { kind: 'pass-rate' | 'mean-score' }>) {
  if (m.kind === 'pass-rate' && m.of === 'checks') return { figure: stats.checks };
  const name = m.kind === 'mean-score' ? m.question : (m.of as { question: string }).question;
  const q = stats.questions.find((x) => x.name === name);
  const want = m.kind === 'mean-score' ? 'score' : 'noul';
  if (!q) return { missing: `no answer to “${name}”` };
  if (q.kind !== want)
    return {
      missing: `“${name}” is a ${q.kind} question, not ${want === 'score' ? 'a score' : 'a yes/no (noul)'} one`,
    };
  return { figure: q.kind === 'noul' ? q.passRate : (q as { mean: Figure }).mean };
}

function columnGate(
  spec: EvalSpec,
  index: number,
  m: Extract<EvalMinimum, { kind: 'pass-rate' | 'mean-score' }>,
  stats: ColumnStats,
): GateResult {
  const rate = m.kind === 'pass-rate';
  const show = (v: number) => (rate ? pct(v) : fixed(v, 2));
  const what = rate ? `pass rate of ${ofWords(m.of)}` : `mean score of “${m.question}”`;
  const head = `${what} of ${columnName(spec, stats.column)}`;
  const base = { index, minimum: m, column: stats.column, threshold: m.min };
  const found = figureOf(stats, m);
  const f = found.figure;
  const compared = f && (m.gate === 'point' ? f.estimate : f.lower);
  if (!f || f.estimate === undefined || compared === undefined) {
    const why = found.missing ?? `no row has a value (${stats.errored} errored)`;
    return { ...base, pass: false, figure: undefined, sentence: `${head}: ${why}: fails` };
  }
  const pass = compared >= m.min;
  const interval = f.lower === undefined ? 'no interval' : `[${show(f.lower)}, ${show(f.upper!)}]`;
  const gateWord = m.gate === 'point' ? 'estimate' : 'lower bound';
  return {
    ...base,
    pass,
    figure: compared,
    sentence:
      `${head}: ${show(f.estimate)} ${interval} on ${f.rows} rows; ${gateWord} ${show(compared)} ` +
      `${pass ? '\u2265' : '<'} minimum ${show(m.min)}: ${pass ? 'passes' : 'fails'}`,
  };
}

function notWorseGate(
  spec: EvalSpec,
  index: number,
  m: Extract<EvalMinimum, { kind: 'not-worse' }>,
  columns: readonly ColumnData[],
  options: StatsOptions,
): GateResult {
  const a = columns.find((c) => sameColumn(c.column, m.a));
  const b = columns.find((c) => sameColumn(c.column, m.b));
  const [na, nb] = [columnName(spec, m.a), columnName(spec, m.b)];
  const head = `${nb} not worse than ${na} on ${ofWords(m.of)}`;
  const base = { index, minimum: m, column: m.b, threshold: -m.margin };
  if (!a || !b)
    return {
      ...base,
      pass: false,
      figure: undefined,
      sentence: `${head}: ${!a ? na : nb} has no cells: fails`,
    };
  let c: ReturnType<typeof compareColumns>;
  try {
    c = compareColumns(a, b, m.of, options, { a: na, b: nb });
  } catch (err) {
    // A choice question has no B − A: the gate fails, saying why, rather than the whole run's.
    const why = err instanceof RangeError ? err.message.replace(/^of: /, '') : String(err);
    return { ...base, pass: false, figure: undefined, sentence: `${head}: ${why}: fails` };
  }
  const lower = c.verdict.lower;
  const pass = lower !== undefined && lower >= -m.margin;
  const show = (v: number) => (c.unit === 'rate' ? `${fixed(v * 100, 1)} points` : `${fixed(v, 2)} points`);
  const bound =
    lower === undefined
      ? 'no lower bound'
      : `lower bound of B \u2212 A ${show(lower)} ${pass ? '\u2265' : '<'} `;
  return {
    ...base,
    pass,
    figure: lower,
    sentence: `${head} (margin ${show(m.margin)}): ${bound}${lower === undefined ? '' : show(-m.margin)}; ${c.sentence}: ${pass ? 'passes' : 'fails'}`,
  };
}

/**
 * Every minimum of the spec against a run's finished columns (`RunStatsAccumulator.finish()`);
 * `stats` when already computed with the same options (else computed here). Signature kept
 * stable for the command line (h27: `gatehouse eval run` gates on it).
 */
export function evaluateMinimums(
  spec: EvalSpec,
  columns: readonly ColumnData[],
  options: StatsOptions = {},
  stats: readonly ColumnStats[] = columns.map((c) => columnStats(c, options)),
): GateResult[] {
  return spec.minimums.flatMap((m, index): GateResult[] => {
    if (m.kind === 'not-worse') return [notWorseGate(spec, index, m, columns, options)];
    const targets = m.column
      ? [m.column]
      : spec.variants.flatMap((v) => spec.targets.map((t) => ({ variantId: v.id, targetId: t.id })));
    return targets.map((ref) => {
      const s = stats.find((x) => sameColumn(x.column, ref));
      if (s) return columnGate(spec, index, m, s);
      const what = m.kind === 'pass-rate' ? `pass rate of ${ofWords(m.of)}` : `mean score of “${m.question}”`;
      return {
        index,
        minimum: m,
        column: ref,
        pass: false,
        figure: undefined,
        threshold: m.min,
        sentence: `${what} of ${columnName(spec, ref)}: the run has no cells of this column: fails`,
      };
    });
  });
}
