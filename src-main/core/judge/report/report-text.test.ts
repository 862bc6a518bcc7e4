import { describe, expect, it } from 'vitest';
import { escapeHtml } from './report-html-escape';
import { reportText } from './report-text';
import { reportEn } from './report-text-en';
import { reportZh } from './report-text-zh';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the report’s words', () => {
  it('have the same keys and placeholders in English and Simplified Chinese', () => {
    expect(Object.keys(reportZh).sort()).toEqual(Object.keys(reportEn).sort());
    const differing = Object.entries(reportEn).filter(
      ([k, v]) => placeholders(v).join() !== placeholders(reportZh[k as keyof typeof reportEn]).join(),
    );
    expect(differing).toEqual([]);
  });

  it('are Chinese in the Chinese catalog, apart from names, symbols and figures', () => {
    const english = Object.entries(reportZh).filter(([, v]) => {
      const prose = v
        .replace(/\{\w+\}/g, ' ')
        .replace(
          /\b(AUC|ECE|F1|Wilson|Cohen|Brier|Spearman|McNemar|Gatehouse|Fleiss|Everitt|SE|alpha)\b/g,
          ' ',
        );
      return /[A-Za-z]{3,}/.test(prose) && !/[\u3400-\u9fff]/.test(v);
    });
    expect(english).toEqual([]);
  });

  it('escape the catalog’s text and every parameter', () => {
    const x = reportText('en');
    expect(x.t('agreementTitle', { set: '<b>"Q&A"</b>' })).toBe(
      'Agreement report: &lt;b&gt;&quot;Q&amp;A&quot;&lt;/b&gt;',
    );
    // A parameter holding a placeholder's name is not filled again.
    expect(x.t('revision', { revision: '{revision}' })).toBe('Question set revision {revision}');
    expect(reportText('zh-CN').t('runA')).toBe('运行 A');
    // Plain text, for a value `t` escapes once as its parameter.
    expect(x.raw('agreementTitle', { set: '<b>' })).toBe('Agreement report: <b>');
    expect(x.t('delta', { delta: '+0.1', lower: '0', upper: '1', n: 3, verdict: x.raw('notDecisive') })).toBe(
      'B − A = +0.1 [0, 1] on 3 cases: not decisive',
    );
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('write figures the same in both languages and dates in UTC', () => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const x = reportText(lang);
      expect([x.pct(0.8567), x.num(0.12345), x.signed(-0.031), x.count(12345)]).toEqual([
        '85.7%',
        '0.123',
        '\u22120.031',
        '12,345',
      ]);
      expect(x.pct(undefined)).toBe('—');
      expect(x.date(Date.UTC(2026, 0, 2, 3, 4))).toBe('2026-01-02 03:04 UTC');
    }
  });
});
