// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { RunDrift } from '../../../../src-shared/judge/run-agreement';
import { differenceSentence, flipsSentence } from '../../../../src-shared/stats/difference-verdict';
import { driftReportHtml } from './drift-report-html';
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
const drift = service.drift({ a: big.runA, b: big.runB, offset: 0, limit: 100 });
const html = driftReportHtml(drift, { ...CONTEXT, language: 'en' });
const doc = parseHtml(html);
const deltas = drift.questions.flatMap((q) => q.paired?.deltas ?? []);

describe('the drift report', () => {
  it('says for every question whether the difference is real, in the sentences the command line writes', () => {
    expect(drift.questions.every((q) => q.paired)).toBe(true);
    const rows = rowTexts(doc.querySelector('.is-real')!);
    for (const q of drift.questions) {
      expect(rows).toContain(
        `${q.question} | Right ↔ wrong (McNemar) | ${flipsSentence(q.paired!.flips)} | ${
          q.paired!.flips.decisive
            ? 'Settled'
            : `About ${q.paired!.flipsToSettle.cases!.toLocaleString('en')}`
        }`,
      );
      for (const d of q.paired!.deltas) {
        const name = { accuracy: 'Accuracy', auc: 'AUC', maeExpectedValue: 'Mean error (levels)' }[d.metric];
        const row = rows.find((r) =>
          r.startsWith(`${q.question} | ${d.headline ? `${name} (headline)` : name} | `),
        );
        expect(row, `${q.question} ${d.metric}`).toBeDefined();
        // Two digits unless a decisive interval's near bound would round to 0.
        const near = Math.min(Math.abs(d.verdict.lower!), Math.abs(d.verdict.upper!));
        if (!(d.verdict.decisive && near < 0.005)) expect(row).toContain(differenceSentence(d.verdict));
      }
    }
    expect(deltas.length).toBeGreaterThanOrEqual(drift.questions.length);
    const method = doc.querySelector('.is-real')!.textContent!;
    expect(method).toContain('McNemar’s exact two-sided test');
    expect(method).toContain('95 % interval from a paired percentile bootstrap (seed 1, 1,000 resamples)');
  });

  it('draws each delta and its interval on a forest plot around 0, as well-formed SVG', () => {
    expect(svgParseErrors(doc)).toEqual([]);
    const forest = doc.querySelector('svg.chart-forest')!;
    expect(all(forest, 'text.row-name')).toHaveLength(deltas.length);
    expect(all(forest, 'rect.point')).toHaveLength(
      deltas.filter((d) => d.verdict.delta !== undefined).length,
    );
    expect(all(forest, 'line.interval')).toHaveLength(
      deltas.filter((d) => d.delta.lower !== undefined).length,
    );
    expect(all(forest, 'line.zero')).toHaveLength(1);
    // A decisive delta is coloured by its direction; one that is not stays plain.
    const tones = all(forest, 'rect.point').map((r) => r.getAttribute('class'));
    deltas.forEach((d, i) =>
      expect(tones[i]).toBe(d.verdict.decisive ? expect.stringMatching(/better|worse/) : 'point plain'),
    );
  });

  it('lists the metric deltas, the decision shares and the first page of flipped cases', () => {
    const text = doc.body.textContent!;
    expect(text).toContain(`Flipped cases: ${drift.flipsTotal.toLocaleString('en')}`);
    expect(text).toContain(
      `The first ${drift.flipped.length} of ${drift.flipsTotal.toLocaleString('en')}, in run A’s order.`,
    );
    const flipsTable = all(doc, 'table').at(-1)!;
    expect(all(flipsTable, 'tbody tr')).toHaveLength(Math.min(100, drift.flipsTotal));
    const first = drift.flipped[0];
    expect(rowTexts(flipsTable)[1]).toMatch(new RegExp(`^${first.position + 1} \\| ${first.question} \\| `));
    for (const q of drift.questions)
      for (const [metric, m] of Object.entries(q.metrics))
        if (m.a !== undefined && m.b !== undefined)
          expect(rowTexts(doc)).toContain(
            `${q.question} | ${metric} | ${m.a.toFixed(3)} | ${m.b.toFixed(3)} | ${m.delta! < 0 ? '\u2212' : Math.abs(m.delta!) < 0.0005 ? '' : '+'}${Math.abs(m.delta!).toFixed(3)}`,
          );
    expect(html).not.toMatch(/https?:|\bsrc\s*=|\bhref\s*=|url\(|@import/i);
    expect(all(doc, 'script, link, img, iframe, object, embed')).toHaveLength(0);
  });

  it('escapes names, decisions and states a user wrote, in the tables and the plot', () => {
    const hostile: RunDrift = {
      ...drift,
      questions: drift.questions.map((q) => ({
        ...q,
        question: HOSTILE,
        shares: q.shares.map((s) => ({ ...s, decision: HOSTILE })),
      })),
      flipped: drift.flipped.map((f) => ({
        ...f,
        question: HOSTILE,
        stateExcerpt: HOSTILE,
        a: { ...f.a, decision: HOSTILE },
      })),
    };
    const page = parseHtml(driftReportHtml(hostile, { ...CONTEXT, setName: HOSTILE, language: 'en' }));
    expect(all(page, 'script, img')).toHaveLength(0);
    expect(page.querySelector('h1')!.textContent).toBe(`Drift report: ${HOSTILE}`);
    expect(all(page, '.state').every((s) => s.textContent === HOSTILE)).toBe(true);
    expect(svgParseErrors(page)).toEqual([]);
    // The plot cuts a long name to 40 characters, escaped all the same.
    expect(all(page, 'svg text.row-name')[0].textContent).toBe(`${HOSTILE.slice(0, 39)}…`);
  });

  it('is written in Simplified Chinese when asked', () => {
    const zh = parseHtml(driftReportHtml(drift, { ...CONTEXT, language: 'zh-CN' }));
    expect(zh.documentElement.getAttribute('lang')).toBe('zh-CN');
    expect(zh.querySelector('h1')!.textContent).toBe('漂移报告：A big set');
    expect(zh.querySelector('.is-real')!.textContent).toMatch(
      /B − A = [+−]\d\.\d+ \[[+−]?\d\.\d+, [+−]?\d\.\d+\]，基于 \d+ 个用例：/,
    );
    expect(zh.querySelector('.is-real')!.textContent).toContain('McNemar 精确双侧检验');
  });
});
