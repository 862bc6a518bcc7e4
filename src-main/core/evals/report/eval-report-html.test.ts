// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { evalSpecSchema } from '../../../../src-shared/evals/eval-definition';
import { REPORT_CSP } from '../../judge/report/report-page';
import { all, HOSTILE, parseHtml, rowTexts, svgParseErrors } from '../../judge/report/report-dom.test-helper';
import { evalReportEn } from './eval-report-text-en';
import { evalReportZh } from './eval-report-text-zh';
import {
  type EvalReportInput,
  evalReportHtml,
  type ReportColumnStats,
  type ReportComparison,
  type ReportFigure,
} from './eval-report-html';

/** A hostile name short enough for a prompt's name (60) and a model id. */
const SHORT = `<img src=x onerror="alert(1)"></td>&'`;

const spec = (variantName: string, model = 'sandbox-chat-1') =>
  evalSpecSchema.parse({
    name: variantName === SHORT ? HOSTILE : 'Support replies',
    dataset: { source: { kind: 'stored' }, columns: ['customer'] },
    variants: [
      { id: 'A', name: 'Plain', user: '{{customer}}' },
      { id: 'B', name: variantName, user: 'Dear {{customer}}' },
    ],
    targets: [{ id: 'one', profileId: 'sandbox', model }],
    grader: { set: { kind: 'saved', setId: 's', revision: 1 }, judgeModel: 'judge-1.13.0' },
    checks: [{ kind: 'max-length', chars: 100 }],
    minimums: [
      { kind: 'pass-rate', of: 'checks', min: 0.9 },
      { kind: 'mean-score', question: 'helpfulness', min: 2.5, gate: 'lower-bound' },
    ],
  });

const wilson = (estimate: number, lower: number, upper: number): ReportFigure => ({
  estimate,
  lower,
  upper,
  rows: 200,
  method: 'wilson',
});
const boot = (estimate: number, lower: number, upper: number): ReportFigure => ({
  estimate,
  lower,
  upper,
  rows: 200,
  method: 'clusterBootstrap',
  seed: 1,
  resamples: 1000,
});

const column = (variantId: string, checks: ReportFigure, mean: ReportFigure): ReportColumnStats => ({
  column: { variantId, targetId: 'one' },
  cells: 200,
  done: 199,
  errored: 1,
  checks,
  questions: [
    { name: 'offers_refund', kind: 'noul', passRate: wilson(0.2, 0.15, 0.26) },
    { name: 'helpfulness', kind: 'score', mean },
    { name: 'tone', kind: 'choice', shares: [{ option: 'polite', share: wilson(0.66, 0.59, 0.72) }] },
  ],
  latency: { p50: 120.4, p95: 388 },
});

const comparison: ReportComparison = {
  a: { variantId: 'A', targetId: 'one' },
  b: { variantId: 'B', targetId: 'one' },
  of: { question: 'helpfulness' },
  unit: 'score',
  test: 'pairedBootstrap',
  pValue: 0.0001,
  seed: 1,
  resamples: 1000,
  verdict: {
    cases: 200,
    delta: 1.56,
    lower: 1.4,
    upper: 1.72,
    confidence: 0.95,
    decisive: true,
    direction: 'bHigher',
  },
};
const undecided: ReportComparison = {
  ...comparison,
  of: 'checks',
  unit: 'rate',
  test: 'mcnemarExact',
  pValue: 0.42,
  verdict: {
    cases: 200,
    delta: 0.02,
    lower: -0.03,
    upper: 0.07,
    confidence: 0.95,
    decisive: false,
    direction: 'none',
  },
};

function input(over: Partial<EvalReportInput> = {}): EvalReportInput {
  const s = over.spec ?? spec('Apologise and resolve');
  return {
    spec: s,
    run: {
      id: 'run-1',
      state: 'done',
      createdAt: Date.UTC(2026, 10, 27, 2, 0),
      plan: { rows: 200, cells: 400 },
    },
    setName: 'Support reply review',
    columns: [
      column('A', wilson(0.95, 0.91, 0.97), boot(1.52, 1.4, 1.65)),
      column('B', wilson(1, 0.98, 1), boot(3.09, 2.97, 3.2)),
    ],
    comparisons: [comparison, undecided],
    gates: [
      {
        minimum: s.minimums[0] as never,
        column: { variantId: 'A', targetId: 'one' },
        pass: true,
        figure: 0.95,
        threshold: 0.9,
      },
      {
        minimum: s.minimums[1] as never,
        column: { variantId: 'A', targetId: 'one' },
        pass: false,
        figure: 1.4,
        threshold: 2.5,
      },
    ],
    language: 'en',
    generatedAt: Date.UTC(2026, 10, 27, 3, 0),
    appVersion: '9.8.7',
    ...over,
  };
}

describe('evalReportHtml', () => {
  const html = evalReportHtml(input());
  const doc = parseHtml(html);

  it('gives each column’s figures with their intervals, and a bar with a whisker per column and metric', () => {
    expect(doc.querySelector('h1')!.textContent).toBe('Eval report: Support replies');
    const rows = rowTexts(doc.querySelector('section.card')!);
    expect(rows).toContain(
      'Plain × sandbox-chat-1 | 199 done, 1 errored | 95.0% [91.0%, 97.0%] n=200 | 20.0% [15.0%, 26.0%] n=200 | 1.52 [1.40, 1.65] n=200 | 66.0% [59.0%, 72.0%] n=200 | 120 ms / 388 ms',
    );
    // Checks, a noul question, a score and a choice option: four charts, two bars each.
    const charts = all(doc, 'svg.chart-bars');
    expect(charts).toHaveLength(4);
    for (const c of charts) {
      expect(all(c, 'rect.bar')).toHaveLength(2);
      expect(all(c, 'line.whisker')).toHaveLength(6);
    }
    expect(charts[2].getAttribute('aria-label')).toContain(
      'Apologise and resolve × sandbox-chat-1: 3.09 [2.97, 3.20]',
    );
    expect(doc.body.textContent).toContain('bootstrap over rows, 1000 resamples, seed 1');
    expect(svgParseErrors(doc)).toEqual([]);
  });

  it('says whether each difference is real, in a sentence and a forest plot', () => {
    const sentences = rowTexts(doc).filter((r) => r.startsWith('Plain × sandbox-chat-1 | Apologise'));
    expect(sentences).toEqual([
      'Plain × sandbox-chat-1 | Apologise and resolve × sandbox-chat-1 | “helpfulness” | Apologise and resolve × sandbox-chat-1 beats Plain × sandbox-chat-1 by 1.56 levels [1.40, 1.72] on 200 rows | < 0.001',
      'Plain × sandbox-chat-1 | Apologise and resolve × sandbox-chat-1 | the checks | not decisive (Apologise and resolve × sandbox-chat-1 − Plain × sandbox-chat-1 = +2 points [−3, +7] on 200 rows) | 0.420',
    ]);
    const forest = doc.querySelector('svg.chart-forest')!;
    expect(all(forest, 'rect.point.better')).toHaveLength(1);
    expect(all(forest, 'rect.point.plain')).toHaveLength(1);
  });

  it('lists the minimums passed and failed', () => {
    expect(rowTexts(doc)).toEqual(
      expect.arrayContaining([
        'Plain × sandbox-chat-1 | pass rate of the checks ≥ 90.0% (estimate) | 95.0% against 90.0% | passes',
        'Plain × sandbox-chat-1 | mean of “helpfulness” ≥ 2.5 (lower bound) | 1.40 against 2.50 | fails',
      ]),
    );
    expect(all(doc, 'td.fail')).toHaveLength(1);
  });

  it('loads nothing, runs nothing, and follows the reader’s light or dark scheme', () => {
    expect(html).not.toMatch(/https?:|\bsrc\s*=|\bhref\s*=|url\(|@import|@font-face/i);
    expect(all(doc, 'script, link, img, iframe, object, embed, base')).toHaveLength(0);
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')).toBe(
      REPORT_CSP,
    );
    expect(doc.querySelector('style')!.textContent).toContain('@media (prefers-color-scheme: dark)');
    expect(doc.querySelector('style')!.textContent).toContain('svg .whisker');
  });

  it('escapes every name a user wrote: the eval, a prompt, a model, the set, a question, an option', () => {
    const s = spec(SHORT, SHORT);
    const hostileColumn = column('B', wilson(1, 0.98, 1), boot(3, 2.9, 3.1));
    const page = parseHtml(
      evalReportHtml(
        input({
          spec: s,
          setName: HOSTILE,
          columns: [
            {
              ...hostileColumn,
              questions: [
                { name: HOSTILE, kind: 'score', mean: boot(3, 2.9, 3.1) },
                { name: 'tone', kind: 'choice', shares: [{ option: HOSTILE, share: wilson(0.5, 0.4, 0.6) }] },
              ],
            },
          ],
          comparisons: [{ ...comparison, of: { question: HOSTILE } }],
        }),
      ),
    );
    expect(all(page, 'script, img')).toHaveLength(0);
    expect(page.title).toBe(`Eval report: ${HOSTILE}`);
    expect(page.body.textContent).toContain(`Graded by the question set “${HOSTILE}”`);
    expect(
      all(page, 'th').filter((th) => th.textContent === `“${HOSTILE}” mean (levels from 0)`),
    ).toHaveLength(1);
    expect(all(page, 'th').filter((th) => th.textContent === `“tone”: ${HOSTILE}`)).toHaveLength(1);
    expect(all(page, 'th').filter((th) => th.textContent === `${SHORT} × ${SHORT}`)).toHaveLength(1);
    expect(all(page, 'td').filter((td) => td.textContent === `“${HOSTILE}”`)).toHaveLength(1);
    expect(svgParseErrors(page)).toEqual([]);
  });

  it('is written in Simplified Chinese when asked, with the same keys and placeholders', () => {
    const placeholders = (t: string) =>
      [...t.matchAll(/\{(\w+)\}/g)]
        .map((m) => m[1])
        .sort()
        .join();
    expect(Object.keys(evalReportZh).sort()).toEqual(Object.keys(evalReportEn).sort());
    for (const [k, v] of Object.entries(evalReportEn))
      expect(placeholders(evalReportZh[k as keyof typeof evalReportEn]), k).toBe(placeholders(v));
    const zh = parseHtml(evalReportHtml(input({ language: 'zh-CN' })));
    expect(zh.documentElement.getAttribute('lang')).toBe('zh-CN');
    expect(zh.querySelector('h1')!.textContent).toBe('评测报告：Support replies');
    expect(rowTexts(zh)).toContain(
      'Plain × sandbox-chat-1 | Apologise and resolve × sandbox-chat-1 | “helpfulness” | Apologise and resolve × sandbox-chat-1 胜过 Plain × sandbox-chat-1，高 1.56 个等级 [1.40, 1.72]，共 200 行 | < 0.001',
    );
    expect(all(zh, 'td.fail')[0].textContent).toBe('未通过');
    expect(zh.querySelector('footer')!.textContent).toContain(
      '由 Gatehouse 9.8.7 于 2026-11-27 03:00 UTC 生成',
    );
  });
});
