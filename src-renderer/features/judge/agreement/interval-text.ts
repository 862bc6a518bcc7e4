import { t } from '../../../i18n/i18n';
import { num2, pct } from '../format';

/**
 * A metric with its interval as the agreement view writes it (docs/architecture.md, "Judge
 * metrics with intervals"): "85.0% ± 3.1%" in the cell, and the exact bounds, which may lie
 * unevenly around the estimate (Wilson, bootstrap), with the method in the cell's title.
 */
export interface IntervalLike {
  lower?: number;
  upper?: number;
}

/** [the cell's text, its title]: the estimate alone (and no title) when there is no interval. */
export function withPlusMinus(
  estimate: number | undefined,
  interval: IntervalLike | undefined,
  format: 'pct' | 'num',
  method: string,
): [string, string | undefined] {
  const f = format === 'pct' ? pct : num2;
  if (estimate === undefined || interval?.lower === undefined || interval.upper === undefined)
    return [f(estimate), undefined];
  const half = (interval.upper - interval.lower) / 2;
  return [
    `${f(estimate)} ± ${f(half)}`,
    t('judge.agreement.intervalTitle', { lower: f(interval.lower), upper: f(interval.upper), method }),
  ];
}

/** The method names for a title: Wilson, or the bootstrap with its resamples and seed. */
export function wilsonMethod(): string {
  return t('judge.agreement.method.wilson');
}
export function bootstrapMethod(b: { resamples: number; seed: number } | undefined): string {
  return b ? t('judge.agreement.method.bootstrap', { resamples: b.resamples, seed: b.seed }) : '';
}
export function kappaMethod(): string {
  return t('judge.agreement.method.kappa');
}
