import { correctnessFlips, type DifferenceVerdict, mcnemarExact, type McNemarResult } from '../../stats';
import type { ColumnData, MetricRows } from './column-accumulator';
import { comparisonSentence } from './comparison-sentence';
import type { ColumnRef, StatsOf } from './stats-cell';
import { meanBootstrap, type StatsOptions } from './column-stats';

/**
 * Two columns compared on the rows both answered (docs/architecture.md, "Evals: statistics"):
 * per row B − A (row means when repeated), its mean with a seeded paired bootstrap interval, and
 * a p-value — McNemar's exact test when both columns are one 0/1 sample per row (then decisive
 * only where it agrees with the interval, as `pairedAccuracyVerdict` does for runs), else the
 * bootstrap's own two-sided p. Rates are 0–1 here; the sentence says percentage points.
 */
export interface ColumnComparison {
  a: ColumnRef;
  b: ColumnRef;
  of: StatsOf;
  /** A rate (checks, a noul question) or a score question's levels. */
  unit: 'rate' | 'score';
  /** Rows both columns have a value on. */
  rows: number;
  /** A's and B's means over those rows. */
  aMean: number | undefined;
  bMean: number | undefined;
  test: 'mcnemarExact' | 'pairedBootstrap';
  pValue: number | undefined;
  /** Set for one-sample 0/1 columns: how the rows split. */
  flips?: Pick<McNemarResult, 'bothRight' | 'aOnly' | 'bOnly' | 'bothWrong'>;
  seed: number;
  resamples: number;
  verdict: DifferenceVerdict;
  /** "B beats A by 6 points [2, 10] on 300 rows" or "not decisive (B − A = …)", with A and B as given. */
  sentence: string;
}

/** The metric a comparison reads from a column; undefined when the column has no such answers. */
export function metricOf(data: ColumnData, of: StatsOf): MetricRows | undefined {
  if (of === 'checks') return data.checks;
  const q = data.questions.find((x) => x.name === of.question);
  if (!q) return undefined;
  if (q.kind === 'choice')
    throw new RangeError(
      `of: “${of.question}” is a choice question; compare the checks, a yes/no (noul) or a score question`,
    );
  return q.rows;
}

/** The row means of both columns on the rows both have a value (their positions merged in order). */
export function pairedRowMeans(a: ColumnData, ma: MetricRows, b: ColumnData, mb: MetricRows) {
  const av: number[] = [];
  const bv: number[] = [];
  const positions: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.positions.length && j < b.positions.length) {
    const pa = a.positions[i];
    const pb = b.positions[j];
    if (pa < pb) i++;
    else if (pb < pa) j++;
    else {
      if (ma.counts[i] > 0 && mb.counts[j] > 0) {
        av.push(ma.sums[i] / ma.counts[i]);
        bv.push(mb.sums[j] / mb.counts[j]);
        positions.push(pa);
      }
      i++;
      j++;
    }
  }
  return { a: av, b: bv, positions };
}

const mean = (v: readonly number[]) => (v.length === 0 ? undefined : v.reduce((s, x) => s + x, 0) / v.length);

/** How column B differs from column A on `of`; `names` word the sentence (A and B by default). */
export function compareColumns(
  a: ColumnData,
  b: ColumnData,
  of: StatsOf,
  options: StatsOptions = {},
  names: { a: string; b: string } = { a: 'A', b: 'B' },
): ColumnComparison {
  const ma = metricOf(a, of);
  const mb = metricOf(b, of);
  const unit = (ma ?? mb)?.binary === false ? 'score' : 'rate';
  const paired = ma && mb ? pairedRowMeans(a, ma, b, mb) : { a: [], b: [], positions: [] };
  const rows = paired.positions.length;
  const d = new Float64Array(rows);
  for (let i = 0; i < rows; i++) d[i] = paired.b[i] - paired.a[i];
  const boot = meanBootstrap(d, options);
  const excludesZero = boot.lower !== undefined && (boot.lower > 0 || boot.upper! < 0);
  let decisive = excludesZero;
  let flips: ColumnComparison['flips'];
  let pValue = boot.pValue;
  const oneSample = rows > 0 && unit === 'rate' && ma!.maxCount <= 1 && mb!.maxCount <= 1;
  if (oneSample) {
    const m = mcnemarExact(
      correctnessFlips(
        paired.a.map((x) => x === 1),
        paired.b.map((x) => x === 1),
      ),
    );
    flips = { bothRight: m.bothRight, aOnly: m.aOnly, bOnly: m.bOnly, bothWrong: m.bothWrong };
    pValue = m.pValue;
    decisive = excludesZero && m.decisive;
  }
  const verdict: DifferenceVerdict = {
    cases: rows,
    delta: boot.estimate,
    lower: boot.lower,
    upper: boot.upper,
    confidence: boot.confidence,
    decisive,
    direction: !decisive ? 'none' : boot.estimate! > 0 ? 'bHigher' : 'bLower',
  };
  return {
    a: a.column,
    b: b.column,
    of,
    unit,
    rows,
    aMean: mean(paired.a),
    bMean: mean(paired.b),
    test: oneSample ? 'mcnemarExact' : 'pairedBootstrap',
    pValue,
    ...(flips ? { flips } : {}),
    seed: boot.seed,
    resamples: boot.resamples,
    verdict,
    sentence: comparisonSentence(verdict, unit, names),
  };
}
