import type { ColumnComparison } from '../../../../src-shared/evals/stats/column-compare';
import { formatNumber, t } from '../../../i18n/i18n';
import { signedText } from './figure-text';

/**
 * The plain sentence of a comparison of two columns, in the window's language, from the verdict
 * data main computed (docs/architecture.md, "Statistics": the window words the data, main's
 * `comparisonSentence` is the English for the command line and the report). A rate's difference
 * is in percentage points, a score's in levels; decisive only where main's verdict says so.
 */
export function compareSentence(c: ColumnComparison, names: { a: string; b: string }): string {
  const v = c.verdict;
  const rows = formatNumber(v.cases);
  if (v.delta === undefined) return t('evalRuns.compare.noRows', names);
  const scale = c.unit === 'rate' ? 100 : 1;
  const digits = c.unit === 'score' ? 2 : v.lower !== undefined && (v.upper! - v.lower) * 100 < 2 ? 1 : 0;
  const plain = (x: number) => signedText(x * scale, digits).replace(/^\+/, '');
  const unit = t(c.unit === 'rate' ? 'evalRuns.compare.points' : 'evalRuns.compare.levels');
  if (v.decisive && v.lower !== undefined && v.upper !== undefined) {
    // The winner first, its lead as a positive number: "B beats A by 6 points [2, 10]".
    const flip = v.direction === 'bLower';
    const [winner, loser] = flip ? [names.a, names.b] : [names.b, names.a];
    return t('evalRuns.compare.beats', {
      winner,
      loser,
      delta: plain(flip ? -v.delta : v.delta),
      lo: plain(flip ? -v.upper : v.lower),
      hi: plain(flip ? -v.lower : v.upper),
      unit,
      rows,
    });
  }
  const interval =
    v.lower === undefined || v.upper === undefined
      ? t('evalRuns.compare.noInterval')
      : `[${signedText(v.lower * scale, digits)}, ${signedText(v.upper * scale, digits)}]`;
  return t('evalRuns.compare.notDecisive', {
    a: names.a,
    b: names.b,
    delta: signedText(v.delta * scale, digits),
    interval,
    unit,
    rows,
  });
}

/** "p = 0.012", "p < 0.001", or "" when the comparison has no p-value. */
export function pValueText(p: number | undefined): string {
  if (p === undefined) return '';
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
}
