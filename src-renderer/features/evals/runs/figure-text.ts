import { formatNumber, t } from '../../../i18n/i18n';

/**
 * How the matrix writes an estimate with its 95 % interval (docs/architecture.md, "Statistics":
 * every number with its uncertainty): a rate as "72 % [65, 78]", a mean score as "3.40 [3.10,
 * 3.70]". Structural, so it reads the statistics' `Figure` without importing its module.
 */
export interface FigureLike {
  estimate: number | undefined;
  lower: number | undefined;
  upper: number | undefined;
}

const whole = (share: number) => formatNumber(Math.round(share * 100));
// A true minus sign, as the differences are written (signedText).
const two = (x: number) =>
  (x < 0 && Number(x.toFixed(2)) !== 0 ? '\u2212' : '') +
  formatNumber(Math.abs(x), { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A share (0–1) in whole percent with its interval; "—" when nothing had a value. */
export function rateText(f: FigureLike | undefined): string {
  if (!f || f.estimate === undefined) return '—';
  if (f.lower === undefined || f.upper === undefined) return t('evalRuns.fig.rate', { v: whole(f.estimate) });
  return t('evalRuns.fig.rateInterval', { v: whole(f.estimate), lo: whole(f.lower), hi: whole(f.upper) });
}

/** A mean (a score's level) with two decimals and its interval. */
export function meanText(f: FigureLike | undefined): string {
  if (!f || f.estimate === undefined) return '—';
  if (f.lower === undefined || f.upper === undefined) return two(f.estimate);
  return `${two(f.estimate)} [${two(f.lower)}, ${two(f.upper)}]`;
}

/** A latency in ms, rounded; "—" when unknown. */
export function msText(ms: number | undefined): string {
  return ms === undefined ? '—' : t('evalRuns.fig.ms', { ms: formatNumber(Math.round(ms)) });
}

/** Yuan with enough digits to be non-zero (amounts per call are tiny); "unknown" when null. */
export function yuanText(yuan: number | null | undefined): string {
  if (yuan === null || yuan === undefined) return t('evalRuns.unknown');
  if (yuan === 0) return '¥0';
  const digits = Math.min(10, Math.max(2, 2 - Math.floor(Math.log10(Math.abs(yuan)))));
  return `¥${yuan.toFixed(digits)}`;
}

/** A signed difference: "+6", "−2" (a true minus sign), "0". */
export function signedText(x: number, digits: number): string {
  const text = formatNumber(Math.abs(x), { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (Number(Math.abs(x).toFixed(digits)) === 0) return text;
  return (x < 0 ? '\u2212' : '+') + text;
}

/** A duration in seconds as "45 s", "12 min 5 s" or "2 h 3 min". */
export function durationText(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return t('evalRuns.duration.seconds', { s });
  if (s < 3600) return t('evalRuns.duration.minutes', { m: Math.floor(s / 60), s: s % 60 });
  return t('evalRuns.duration.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}
