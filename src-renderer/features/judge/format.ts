import { t } from '../../i18n/i18n';

/** Yuan amounts are tiny (0.0000x); show enough digits to be non-zero. */
export function formatYuan(yuan: number, digits?: number): string {
  if (digits !== undefined) return `¥${yuan.toFixed(digits)}`;
  if (yuan === 0) return '¥0';
  const d = Math.min(10, Math.max(4, 2 - Math.floor(Math.log10(Math.abs(yuan)))));
  return `¥${yuan.toFixed(d)}`;
}

/** One rule for percentages everywhere (charts, tables, tests): one decimal place. */
export function pct(p: number | undefined): string {
  return p === undefined ? '—' : `${(p * 100).toFixed(1)}%`;
}

export function num2(x: number | undefined): string {
  return x === undefined ? '—' : String(Math.round(x * 1000) / 1000);
}

/** A noul's true or false in the window's language, wherever an answer or a label is shown. */
export const yesNo = (v: boolean): string => t(v ? 'runs.grid.true' : 'runs.grid.false');

/** An answer or a label as the views write it: booleans in words, the rest as they are. */
export const decisionText = (v: string | number | boolean): string =>
  typeof v === 'boolean' ? yesNo(v) : String(v);
