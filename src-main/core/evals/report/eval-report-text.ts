import type { ReportLanguage } from '../../../../src-shared/judge/report-inputs';
import { escapeHtml } from '../../judge/report/report-html-escape';
import { reportText, type ReportText } from '../../judge/report/report-text';
import { evalReportEn, type EvalReportKey } from './eval-report-text-en';
import { evalReportZh } from './eval-report-text-zh';

/**
 * The eval report's words (docs/architecture.md, "Evals"): the judge reports' text
 * (numbers, dates and the page's language from `reportText`) with the eval's own catalog; `t`
 * escapes the catalog's text and every parameter as the judge reports' `t` does.
 */
export interface EvalReportText extends Omit<ReportText, 't' | 'raw'> {
  /** The judge reports' text, for the shared page. */
  base: ReportText;
  t(key: EvalReportKey, params?: Record<string, string | number>): string;
  raw(key: EvalReportKey, params?: Record<string, string | number>): string;
}

const CATALOGS: Record<ReportLanguage, Record<EvalReportKey, string>> = {
  en: evalReportEn,
  'zh-CN': evalReportZh,
};

export function evalReportText(language: ReportLanguage): EvalReportText {
  const base = reportText(language);
  const catalog = CATALOGS[language];
  const fill = (template: string, params: Record<string, string | number>, esc: (s: string) => string) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? esc(String(params[name])) : whole,
    );
  return {
    ...base,
    base,
    t: (key, params = {}) => fill(escapeHtml(catalog[key]), params, escapeHtml),
    raw: (key, params = {}) => fill(catalog[key], params, (v) => v),
  };
}
