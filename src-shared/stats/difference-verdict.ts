import type { McNemarResult } from './mcnemar-exact';
import type { PairedDelta } from './paired-bootstrap';

/**
 * The ingredients of the plain sentence a comparison of two runs ends with ("B − A = +0.03
 * [−0.01, +0.07] on 300 cases: not decisive"), as data: the window words them in its language,
 * `differenceSentence` in English for the command line and the reports.
 * docs/architecture.md, "Statistics".
 */
export interface DifferenceVerdict {
  cases: number;
  delta: number | undefined;
  lower: number | undefined;
  upper: number | undefined;
  confidence: number;
  /** The interval of B − A leaves out 0. */
  decisive: boolean;
  /** Which way a decisive difference goes; 'none' when it is not decisive. */
  direction: 'bHigher' | 'bLower' | 'none';
}

export function differenceVerdict(paired: PairedDelta): DifferenceVerdict {
  const d = paired.delta;
  const decisive = paired.excludesZero;
  return {
    cases: d.rows,
    delta: d.estimate,
    lower: d.lower,
    upper: d.upper,
    confidence: d.confidence,
    decisive,
    direction: !decisive ? 'none' : d.estimate! > 0 ? 'bHigher' : 'bLower',
  };
}

/**
 * An accuracy difference between paired runs: decisive only where McNemar's exact test on the
 * same flips agrees with the bootstrap interval. A percentile bootstrap over a handful of flips
 * (5 against 0 in 300 cases: the interval leaves out 0, the exact p is 0.063) calls a difference
 * too readily; the exact test is the one made for paired proportions, and the interval is kept
 * for the size. docs/architecture.md, "Statistics".
 */
export function pairedAccuracyVerdict(paired: PairedDelta, flips: McNemarResult): DifferenceVerdict {
  const v = differenceVerdict(paired);
  return v.decisive && !flips.decisive ? { ...v, decisive: false, direction: 'none' } : v;
}

/** +0.03, −0.01 (a true minus sign), 0.00: a signed number for a difference. */
export function signed(value: number, digits: number): string {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return text;
  return (value < 0 ? '\u2212' : '+') + text;
}

/** "B − A = +0.03 [−0.01, +0.07] on 300 cases: not decisive" (or "decisive, B higher"). */
export function differenceSentence(v: DifferenceVerdict, digits = 2): string {
  const cases = `on ${v.cases} ${v.cases === 1 ? 'case' : 'cases'}`;
  if (v.delta === undefined) return `B \u2212 A has no value ${cases}`;
  const interval =
    v.lower === undefined ? ' (no interval)' : ` [${signed(v.lower, digits)}, ${signed(v.upper!, digits)}]`;
  const verdict = v.decisive
    ? `decisive, B ${v.direction === 'bHigher' ? 'higher' : 'lower'}`
    : 'not decisive';
  return `B \u2212 A = ${signed(v.delta, digits)}${interval} ${cases}: ${verdict}`;
}

/** "B right where A was wrong on 20 cases, the reverse on 12: p = 0.215, not decisive". */
export function flipsSentence(m: McNemarResult): string {
  const p = m.pValue < 0.001 ? 'p < 0.001' : `p = ${m.pValue.toFixed(3)}`;
  const verdict = m.decisive
    ? `decisive, B ${m.bOnly > m.aOnly ? 'more' : 'less'} often right`
    : 'not decisive';
  return `B right where A was wrong on ${m.bOnly} cases, the reverse on ${m.aOnly}: ${p}, ${verdict}`;
}
