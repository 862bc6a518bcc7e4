import type { ReportLanguage } from '../../../../src-shared/judge/report-inputs';
import { signed } from '../../../../src-shared/stats/difference-verdict';
import { reportEn, type ReportKey } from './report-text-en';
import { reportZh } from './report-text-zh';
import { escapeHtml } from './report-html-escape';

/**
 * A report's words and numbers in its language (docs/architecture.md, "Reports"). `t` returns
 * HTML: the catalog's text and every parameter escaped, so a set named `<script>` reads as text.
 * Numbers are written the same in both languages (the window's rules: percentages to one place,
 * other figures to three), dates in UTC, so a file reads the same wherever it is opened.
 */
export interface ReportText {
  language: ReportLanguage;
  /** Escaped HTML of the catalog's text with its `{placeholders}` filled (each escaped). */
  t(key: ReportKey, params?: Record<string, string | number>): string;
  /**
   * The same as plain text, not escaped: only for a value that goes on into `t` as a parameter
   * (a verdict inside its sentence) or through `escapeHtml`, which escape it once.
   */
  raw(key: ReportKey, params?: Record<string, string | number>): string;
  pct(p: number | undefined): string;
  num(x: number | undefined): string;
  /** +0.03, −0.01: a difference, with a true minus sign. */
  signed(x: number, digits?: number): string;
  count(n: number): string;
  date(ms: number): string;
}

const CATALOGS: Record<ReportLanguage, Record<ReportKey, string>> = { en: reportEn, 'zh-CN': reportZh };

export function reportText(language: ReportLanguage): ReportText {
  const catalog = CATALOGS[language];
  const fill = (template: string, params: Record<string, string | number>, esc: (s: string) => string) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? esc(String(params[name])) : whole,
    );
  return {
    language,
    t: (key, params = {}) => fill(escapeHtml(catalog[key]), params, escapeHtml),
    raw: (key, params = {}) => fill(catalog[key], params, (v) => v),
    pct: (p) => (p === undefined ? '—' : `${(p * 100).toFixed(1)}%`),
    num: (x) => (x === undefined ? '—' : x.toFixed(3)),
    signed: (x, digits = 3) => signed(x, digits),
    count: (n) => n.toLocaleString('en'),
    date: (ms) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  };
}
