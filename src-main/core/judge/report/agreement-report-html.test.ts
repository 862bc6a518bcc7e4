// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { RunAgreement } from '../../../../src-shared/judge/run-agreement';
import { wilsonInterval } from '../../../../src-shared/stats/wilson-interval';
import { agreementReportHtml } from './agreement-report-html';
import { REPORT_CSP } from './report-page';
import {
  all,
  CONTEXT,
  HOSTILE,
  parseHtml,
  rowTexts,
  seededViews,
  svgParseErrors,
} from './report-dom.test-helper';

const { big, service } = seededViews();
const ag = service.agreement(big.runA);
const html = agreementReportHtml(ag, { ...CONTEXT, language: 'en' });
const doc = parseHtml(html);

// Written here independently of the builder's own formatting.
const pc = (v: number) => `${(v * 100).toFixed(1)}%`;
const n3 = (v: number) => v.toFixed(3);
const section = (name: string) => doc.querySelector(`section.question[aria-label="${name}"]`)!;
const BOOT = 'bootstrap, 1,000 resamples, seed 1';
const KAPPA = 'κ ± z·SE (Fleiss–Cohen–Everitt)';

describe('the agreement report', () => {
  it('states every metric of every question with its 95 % interval and how it was computed', () => {
    expect(ag.questions.map((q) => q.type).sort()).toEqual(['choice', 'noul', 'score']);
    for (const q of ag.questions) {
      const rows = rowTexts(section(q.question));
      const w = (name: string, i: { estimate?: number; lower?: number; upper?: number }) =>
        expect(rows).toContain(`${name} | ${pc(i.estimate!)} | [${pc(i.lower!)}, ${pc(i.upper!)}] | Wilson`);
      const b = (name: string, i: { estimate?: number; lower?: number; upper?: number }) =>
        expect(rows).toContain(`${name} | ${n3(i.estimate!)} | [${n3(i.lower!)}, ${n3(i.upper!)}] | ${BOOT}`);
      const k = (name: string, i: { kappa?: number; lower?: number; upper?: number }) =>
        expect(rows).toContain(`${name} | ${n3(i.kappa!)} | [${n3(i.lower!)}, ${n3(i.upper!)}] | ${KAPPA}`);
      if (q.type === 'noul') {
        w('Accuracy', q.intervals!.accuracy);
        w('Precision', q.intervals!.precision);
        w('Recall', q.intervals!.recall);
        b('AUC', q.intervals!.auc);
        b('ECE', q.intervals!.ece);
        k('Cohen’s κ', q.intervals!.kappa);
        expect(rows).toContain(`Threshold | ${q.threshold} | — | `);
      } else if (q.type === 'choice') {
        w('Accuracy', q.intervals!.accuracy);
        b('Log loss', q.intervals!.logLoss);
        b('Brier score', q.intervals!.brier);
        b('ECE', q.intervals!.ece);
        k('Cohen’s κ', q.intervals!.kappa);
      } else {
        w('Exact agreement', q.intervals!.exact);
        w('Within one level', q.intervals!.withinOne);
        b('Mean error (most probable level)', q.intervals!.maeChosen);
        b('Mean error (expected level)', q.intervals!.maeExpectedValue);
        b('Spearman correlation', q.intervals!.spearman);
        k('Cohen’s κ (quadratic weights)', q.intervals!.kappa);
      }
      expect(section(q.question).textContent).toContain(
        `${q.coverage.used} of ${q.coverage.total} cases used`,
      );
    }
    expect(doc.querySelector('.method')!.textContent).toMatch(
      /Wilson score interval.*seeded percentile bootstrap.*Fleiss–Cohen–Everitt/s,
    );
    expect(doc.body.textContent).toContain(
      'judge-a · started 1970-01-01 00:00 UTC · done · run big-set-run-a',
    );
    expect(doc.querySelector('footer')!.textContent).toBe(
      'Made by Gatehouse 9.8.7 on 2026-11-26 23:05 UTC. This file is self-contained: it loads nothing from anywhere.',
    );
  });

  it('draws ROC, precision–recall and reliability with Wilson error bars as well-formed SVG from the numbers', () => {
    expect(svgParseErrors(doc)).toEqual([]);
    for (const svg of all(doc, 'svg')) {
      expect(svg.getAttribute('role')).toBe('img');
      expect(svg.querySelector('title')!.textContent).toBe(svg.getAttribute('aria-label'));
    }
    const noul = ag.questions.find((q) => q.type === 'noul')!;
    const noulCharts = all(section(noul.question), 'svg');
    expect(noulCharts.map((s) => s.getAttribute('class'))).toEqual([
      'chart chart-curve',
      'chart chart-curve',
      'chart chart-reliability',
    ]);
    const roc = noulCharts[0].querySelector('polyline')!.getAttribute('points')!.split(' ');
    expect(roc).toHaveLength(noul.roc.points.length);
    // (0, 0) and (1, 1) of the ROC at the plot's corners: x from 48 to 308, y from 202 to 10.
    expect(roc[0]).toBe('48.0,202.0');
    expect(roc.at(-1)).toBe('308.0,10.0');

    for (const q of ag.questions.filter((q) => q.type !== 'score')) {
      const rel = all(section(q.question), 'svg.chart-reliability')[0];
      const bins = q.calibration.bins.filter((b) => b.count > 0);
      expect(all(rel, 'circle.dot')).toHaveLength(bins.length);
      expect(all(rel, 'line.error-bar')).toHaveLength(3 * bins.length);
      // Each bar spans the bin's observed share's Wilson interval (y = 202 − 192·v).
      all(rel, 'g.bin').forEach((g, i) => {
        const wi = wilsonInterval(Math.round(bins[i].observed! * bins[i].count), bins[i].count);
        const bar = g.querySelector('line.error-bar')!;
        expect(Number(bar.getAttribute('y1'))).toBeCloseTo(202 - 192 * wi.lower!, 1);
        expect(Number(bar.getAttribute('y2'))).toBeCloseTo(202 - 192 * wi.upper!, 1);
      });
    }
    const score = ag.questions.find((q) => q.type === 'score')!;
    expect(all(section(score.question), 'svg')).toHaveLength(0);
  });

  it("shades the ROC and precision–recall curves' bootstrap bands, as the window does, and says what they are", () => {
    const noul = ag.questions.find((q) => q.type === 'noul')!;
    const [roc, pr] = all(section(noul.question), 'figure').filter((f) => f.querySelector('svg.chart-curve'));
    for (const [figure, band] of [
      [roc, noul.bands!.roc],
      [pr, noul.bands!.pr],
    ] as const) {
      if (band.reason !== undefined) throw new Error(`no band: ${band.reason}`);
      const points = figure.querySelector('svg polygon.band')!.getAttribute('points')!.split(' ');
      // Up along the upper bounds, back along the lower ones: two points for each x of the grid.
      expect(points).toHaveLength(2 * band.x.length);
      expect(points[0]).toBe(
        `${(48 + 260 * band.x[0]).toFixed(1)},${(202 - 192 * band.upper[0]).toFixed(1)}`,
      );
      expect(points.at(-1)).toBe(
        `${(48 + 260 * band.x[0]).toFixed(1)},${(202 - 192 * band.lower[0]).toFixed(1)}`,
      );
      expect(figure.textContent).toContain(
        `95 % pointwise bootstrap band (${band.resamples.toLocaleString('en')} resamples, seed ${band.seed})`,
      );
    }
  });

  it('loads nothing: no address, no script, no outside asset, and a policy that allows none', () => {
    expect(html).not.toMatch(/https?:|\bsrc\s*=|\bhref\s*=|url\(|@import|@font-face/i);
    expect(all(doc, 'script, link, img, iframe, object, embed, base')).toHaveLength(0);
    const csp = doc.querySelector('meta[http-equiv="Content-Security-Policy"]')!;
    expect(csp.getAttribute('content')).toBe(REPORT_CSP);
    expect(REPORT_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    // Both schemes, from the reader's system.
    expect(doc.querySelector('style')!.textContent).toContain('@media (prefers-color-scheme: dark)');
  });

  it('escapes every name and text a user wrote', () => {
    const hostile: RunAgreement = {
      ...ag,
      questions: ag.questions.map((q) =>
        q.type === 'choice'
          ? { ...q, question: HOSTILE, instructions: HOSTILE, options: q.options.map(() => HOSTILE) }
          : q.type === 'score'
            ? { ...q, levels: q.levels.map(() => HOSTILE) }
            : { ...q, instructions: HOSTILE },
      ),
    };
    const page = parseHtml(agreementReportHtml(hostile, { ...CONTEXT, setName: HOSTILE, language: 'en' }));
    expect(all(page, 'script, img')).toHaveLength(0);
    expect(page.title).toBe(`Agreement report: ${HOSTILE}`);
    expect(page.querySelector('h1')!.textContent).toBe(`Agreement report: ${HOSTILE}`);
    const choice = page.querySelector('section.question:nth-of-type(1)')!;
    expect(choice.getAttribute('aria-label')).toBe(HOSTILE);
    expect(all(page, 'section.question h2').map((h) => h.textContent)).toContain(`${HOSTILE} · choice`);
    expect(all(page, '.instructions').filter((p) => p.textContent === HOSTILE)).toHaveLength(2);
    expect(all(page, 'th').filter((th) => th.textContent === HOSTILE).length).toBeGreaterThanOrEqual(4);
    expect(all(page, 'th').filter((th) => th.textContent === `1. ${HOSTILE}`)).toHaveLength(4);
    expect(svgParseErrors(page)).toEqual([]);
  });

  it('is written in Simplified Chinese when asked', () => {
    const zh = parseHtml(agreementReportHtml(ag, { ...CONTEXT, language: 'zh-CN' }));
    expect(zh.documentElement.getAttribute('lang')).toBe('zh-CN');
    expect(zh.querySelector('h1')!.textContent).toBe('一致性报告：A big set');
    const noul = ag.questions.find((q) => q.type === 'noul')!;
    const a = noul.intervals!.accuracy;
    expect(rowTexts(zh.querySelector(`section.question[aria-label="${noul.question}"]`)!)).toContain(
      `准确率 | ${pc(a.estimate!)} | [${pc(a.lower!)}, ${pc(a.upper!)}] | Wilson 区间`,
    );
    expect(zh.querySelector('.method')!.textContent).toContain('自助法');
    expect(zh.querySelector('footer')!.textContent).toContain(
      '由 Gatehouse 9.8.7 于 2026-11-26 23:05 UTC 生成',
    );
  });

  it('gives the estimate alone for an agreement computed before intervals existed', () => {
    const old: RunAgreement = {
      ...ag,
      questions: ag.questions.map(({ intervals: _, ...q }) => q as (typeof ag.questions)[number]),
    };
    const page = parseHtml(agreementReportHtml(old, { ...CONTEXT, language: 'en' }));
    const noul = old.questions.find((q) => q.type === 'noul')!;
    expect(rowTexts(page)).toContain(
      `Accuracy | ${pc(noul.atThreshold.accuracy!)} | — | no interval computed`,
    );
    expect(rowTexts(page)).toContain(`AUC | ${n3(noul.auc.auc!)} | — | no interval computed`);
  });
});
