import type { EvalSpec } from '../../../../src-shared/evals/eval-definition';
import type { ReportLanguage } from '../../../../src-shared/judge/report-inputs';
import { columnName } from '../../../../src-shared/evals/stats';
import type { DifferenceVerdict } from '../../../../src-shared/stats/difference-verdict';
import { escapeHtml } from '../../judge/report/report-html-escape';
import { reportPage } from '../../judge/report/report-page';
import { type ForestRow, forestSvg } from '../../judge/report/report-svg';
import { type IntervalBar, intervalBarsSvg } from './eval-report-svg';
import { evalReportText, type EvalReportText } from './eval-report-text';

/**
 * An eval run as one self-contained HTML file (docs/architecture.md, "Evals"), in
 * the judge reports' shell (report-page.ts: CSS inline, no script, a CSP that loads nothing,
 * light and dark): the eval, each column's figures with their 95 % intervals (a table, and bars
 * with interval whiskers), the paired comparisons with their sentences and a forest plot, and
 * the minimums passed or failed. Pure: the statistics in (src-shared/evals/stats: `columnStats`,
 * `compareColumns`, `evaluateMinimums`; the shapes below are what it reads of them), one string
 * out. Every name the user wrote is escaped.
 */
export interface ReportColumnRef {
  variantId: string;
  targetId: string;
}

export interface ReportFigure {
  estimate: number | undefined;
  lower: number | undefined;
  upper: number | undefined;
  rows: number;
  method: 'wilson' | 'clusterBootstrap';
  seed?: number;
  resamples?: number;
}

export interface ReportColumnStats {
  column: ReportColumnRef;
  cells: number;
  done: number;
  errored: number;
  checks: ReportFigure;
  questions: readonly (
    | { name: string; kind: 'noul'; passRate: ReportFigure }
    | { name: string; kind: 'score'; mean: ReportFigure }
    | { name: string; kind: 'choice'; shares: readonly { option: string; share: ReportFigure }[] }
  )[];
  latency: { p50: number | undefined; p95: number | undefined };
}

export interface ReportComparison {
  a: ReportColumnRef;
  b: ReportColumnRef;
  of: 'checks' | { question: string };
  unit: 'rate' | 'score';
  test: 'mcnemarExact' | 'pairedBootstrap';
  pValue: number | undefined;
  seed: number;
  resamples: number;
  verdict: DifferenceVerdict;
}

export interface ReportGate {
  minimum:
    | { kind: 'pass-rate'; of: 'checks' | { question: string }; min: number; gate: string }
    | { kind: 'mean-score'; question: string; min: number; gate: string }
    | {
        kind: 'not-worse';
        a: ReportColumnRef;
        b: ReportColumnRef;
        of: 'checks' | { question: string };
        margin: number;
      };
  column: ReportColumnRef;
  pass: boolean;
  figure: number | undefined;
  threshold: number;
}

export interface EvalReportInput {
  spec: EvalSpec;
  run: { id: string; state: string; createdAt: number; plan: { rows: number; cells: number } };
  /** The grader's set as its owner named it. */
  setName?: string;
  columns: readonly ReportColumnStats[];
  comparisons: readonly ReportComparison[];
  gates: readonly ReportGate[];
  language: ReportLanguage;
  generatedAt: number;
  appVersion: string;
}

const CSS = `
svg .bar { fill: var(--accent); fill-opacity: 0.35; }
svg .whisker { stroke: var(--fg); stroke-width: 1.5; }
td.pass { color: var(--better); font-weight: 600; }
td.fail { color: var(--worse); font-weight: 600; }
`;

/** `Plain × sandbox-chat-1`: the variant's name and the target's model, as the matrix heads them. */
const columnLabel = columnName;

function figureCell(f: ReportFigure, x: EvalReportText, rate: boolean): string {
  const show = (v: number) => (rate ? x.pct(v) : v.toFixed(2));
  if (f.estimate === undefined) return `<td class="num muted">${x.t('noValue')}</td>`;
  const interval = f.lower === undefined ? '' : ` [${show(f.lower)}, ${show(f.upper!)}]`;
  return `<td class="num">${show(f.estimate)}${interval} <span class="muted small">n=${x.count(f.rows)}</span></td>`;
}

function methodOf(f: ReportFigure, x: EvalReportText): string {
  return f.method === 'wilson'
    ? x.t('method.wilson')
    : x.t('method.clusterBootstrap', { resamples: f.resamples ?? 0, seed: f.seed ?? 0 });
}

/** One metric of every column: its header, its figure per column, and whether it is a rate. */
interface Metric {
  head: string;
  rate: boolean;
  figure: (c: ReportColumnStats) => ReportFigure | undefined;
}

type QuestionOf<K extends string> = Extract<ReportColumnStats['questions'][number], { kind: K }>;

/** The column's question `name` of kind `kind`, narrowed. */
function questionOf<K extends 'noul' | 'score' | 'choice'>(
  c: ReportColumnStats,
  name: string,
  kind: K,
): QuestionOf<K> | undefined {
  return c.questions.find((y): y is QuestionOf<K> => y.name === name && y.kind === kind);
}

function metricsOf(columns: readonly ReportColumnStats[], x: EvalReportText): Metric[] {
  const metrics: Metric[] = [{ head: x.t('checksRate'), rate: true, figure: (c) => c.checks }];
  for (const q of columns[0]?.questions ?? []) {
    if (q.kind === 'noul')
      metrics.push({
        head: x.t('passRate', { q: q.name }),
        rate: true,
        figure: (c) => questionOf(c, q.name, 'noul')?.passRate,
      });
    else if (q.kind === 'score')
      metrics.push({
        head: x.t('meanScore', { q: q.name }),
        rate: false,
        figure: (c) => questionOf(c, q.name, 'score')?.mean,
      });
    else
      for (const s of q.shares)
        metrics.push({
          head: x.t('share', { q: q.name, option: s.option }),
          rate: true,
          figure: (c) => questionOf(c, q.name, 'choice')?.shares.find((o) => o.option === s.option)?.share,
        });
  }
  return metrics;
}

function columnsSection(input: EvalReportInput, x: EvalReportText): string {
  const { spec, columns } = input;
  const metrics = metricsOf(columns, x);
  const head =
    `<tr><th>${x.t('column')}</th><th>${x.t('cells')}</th>` +
    metrics.map((m) => `<th>${m.head}</th>`).join('') +
    `<th>${x.t('latency')}</th></tr>`;
  const ms = (v: number | undefined) => (v === undefined ? '—' : x.t('ms', { n: Math.round(v) }));
  const rows = columns
    .map((c) => {
      const cells = metrics.map((m) => {
        const f = m.figure(c);
        return f ? figureCell(f, x, m.rate) : `<td class="num muted">—</td>`;
      });
      return (
        `<tr><th scope="row">${escapeHtml(columnLabel(spec, c.column))}</th>` +
        `<td class="num">${x.t('cellsLine', { done: x.count(c.done), errored: x.count(c.errored) })}</td>` +
        cells.join('') +
        `<td class="num">${ms(c.latency.p50)} / ${ms(c.latency.p95)}</td></tr>`
      );
    })
    .join('');
  const charts = metrics
    .map((m) => {
      const bars: IntervalBar[] = columns.map((c) => {
        const f = m.figure(c);
        return {
          label: columnLabel(spec, c.column),
          estimate: f?.estimate,
          lower: f?.lower,
          upper: f?.upper,
        };
      });
      const show = (v: number) => (m.rate ? x.pct(v) : v.toFixed(2));
      const list = bars
        .map((b) =>
          b.estimate === undefined
            ? `${b.label}: ${x.raw('noValue')}`
            : `${b.label}: ${show(b.estimate)}${b.lower === undefined ? '' : ` [${show(b.lower)}, ${show(b.upper!)}]`}`,
        )
        .join('; ');
      const methods = [
        ...new Set(
          columns
            .map((c) => m.figure(c))
            .filter((f) => f !== undefined)
            .map((f) => methodOf(f!, x)),
        ),
      ];
      return (
        `<figure class="wide"><figcaption>${x.t('chartTitle', { what: m.head })}</figcaption>` +
        intervalBarsSvg({ alt: x.t('chartAlt', { what: m.head, list }), bars, rate: m.rate, show }) +
        `<p class="muted small">${methods.join(' · ')}</p></figure>`
      );
    })
    .join('');
  return (
    `<section class="card"><h2>${x.t('columnsTitle')}</h2>` +
    `<table><thead>${head}</thead><tbody>${rows}</tbody></table>` +
    `<div class="charts">${charts}</div></section>`
  );
}

const ofText = (of: 'checks' | { question: string }, x: EvalReportText, raw = false) =>
  of === 'checks'
    ? raw
      ? x.raw('ofChecks')
      : x.t('ofChecks')
    : raw
      ? x.raw('ofQuestion', { q: of.question })
      : x.t('ofQuestion', { q: of.question });

/** A difference in its unit: percentage points for a rate, levels for a score. */
function amount(v: number, unit: 'rate' | 'score', digits: number, sign: boolean): string {
  const scaled = unit === 'rate' ? v * 100 : v;
  const text = Math.abs(scaled).toFixed(digits);
  if (Number(text) === 0) return text;
  return scaled < 0 ? `\u2212${text}` : sign ? `+${text}` : text;
}

/** The comparison's sentence in the report's language, from the same verdict the window reads. */
export function comparisonText(c: ReportComparison, spec: EvalSpec, x: EvalReportText): string {
  const v = c.verdict;
  const [a, b] = [columnLabel(spec, c.a), columnLabel(spec, c.b)];
  if (v.delta === undefined || v.lower === undefined || v.upper === undefined) return x.t('noPair', { a, b });
  // A rate's points whole unless its interval is narrower than 2 points, as the window writes them.
  const digits = c.unit === 'score' ? 2 : (v.upper - v.lower) * 100 < 2 ? 1 : 0;
  const unitWord = (n: string) => x.raw(c.unit === 'rate' ? 'points' : 'levels', { n });
  const n = x.count(v.cases);
  if (v.decisive) {
    const flip = v.direction === 'bLower';
    return x.t('beats', {
      winner: flip ? a : b,
      loser: flip ? b : a,
      lead: unitWord(amount(flip ? -v.delta : v.delta, c.unit, digits, false)),
      lo: amount(flip ? -v.upper : v.lower, c.unit, digits, false),
      hi: amount(flip ? -v.lower : v.upper, c.unit, digits, false),
      n,
    });
  }
  return x.t('notDecisive', {
    a,
    b,
    delta: unitWord(amount(v.delta, c.unit, digits, true)),
    lo: amount(v.lower, c.unit, digits, true),
    hi: amount(v.upper, c.unit, digits, true),
    n,
  });
}

function comparisonsSection(input: EvalReportInput, x: EvalReportText): string {
  const { spec, comparisons } = input;
  if (comparisons.length === 0) return '';
  const first = comparisons[0];
  const tests = [...new Set(comparisons.map((c) => c.test))]
    .map((t) => x.raw(`test.${t}`, { resamples: first.resamples, seed: first.seed }))
    .join('; ');
  const rows = comparisons
    .map(
      (c) =>
        `<tr><td>${escapeHtml(columnLabel(spec, c.a))}</td><td>${escapeHtml(columnLabel(spec, c.b))}</td>` +
        `<td>${ofText(c.of, x)}</td><td>${comparisonText(c, spec, x)}</td>` +
        `<td class="num">${c.pValue === undefined ? '—' : c.pValue < 0.001 ? '&lt; 0.001' : c.pValue.toFixed(3)}</td></tr>`,
    )
    .join('');
  const forest: ForestRow[] = comparisons.map((c) => {
    const scale = c.unit === 'rate' ? 100 : 1;
    const v = c.verdict;
    return {
      label: `${columnLabel(spec, c.b)} − ${columnLabel(spec, c.a)}: ${ofText(c.of, x, true)}`,
      estimate: v.delta === undefined ? undefined : v.delta * scale,
      lower: v.lower === undefined ? undefined : v.lower * scale,
      upper: v.upper === undefined ? undefined : v.upper * scale,
      tone: v.decisive ? (v.direction === 'bHigher' ? 'better' : 'worse') : 'plain',
    };
  });
  return (
    `<section class="card"><h2>${x.t('comparisonsTitle')}</h2>` +
    `<p class="muted small">${x.t('comparisonsNote', { test: tests })}</p>` +
    `<table><thead><tr><th>A</th><th>B</th><th>${x.t('of')}</th><th>${x.t('sentence')}</th><th>${x.t('pValue')}</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>` +
    `<figure class="wide">${forestSvg({ alt: x.t('forestAlt'), rows: forest, xLabel: x.t('forestAxis') })}</figure></section>`
  );
}

/** The checks and a yes/no question are rates; a score question is not. */
function isRate(of: 'checks' | { question: string }, columns: readonly ReportColumnStats[]): boolean {
  if (of === 'checks') return true;
  return columns[0]?.questions.find((q) => q.name === of.question)?.kind !== 'score';
}

function gateName(g: ReportGate, input: EvalReportInput, x: EvalReportText): string {
  const { spec } = input;
  const m = g.minimum;
  if (m.kind === 'not-worse')
    return x.t('gateNotWorse', {
      a: columnLabel(spec, m.a),
      b: columnLabel(spec, m.b),
      of: ofText(m.of, x, true),
      margin: x.raw(isRate(m.of, input.columns) ? 'points' : 'levels', {
        n: isRate(m.of, input.columns) ? String(m.margin * 100) : String(m.margin),
      }),
    });
  const gate = x.raw(m.gate === 'lower-bound' ? 'gate.lower-bound' : 'gate.point');
  return m.kind === 'pass-rate'
    ? x.t('gatePassRate', { of: ofText(m.of, x, true), min: x.pct(m.min), gate })
    : x.t('gateMeanScore', { q: m.question, min: String(m.min), gate });
}

function minimumsSection(input: EvalReportInput, x: EvalReportText): string {
  const { spec, gates } = input;
  const body = gates.length
    ? `<table><thead><tr><th>${x.t('column')}</th><th>${x.t('minimum')}</th><th></th><th>${x.t('outcome')}</th></tr></thead><tbody>${gates
        .map((g) => {
          const m = g.minimum;
          const unit = m.kind === 'mean-score' ? 'score' : isRate(m.of, input.columns) ? 'rate' : 'score';
          // A not-worse figure is a difference (B − A): in points, as the comparisons write it.
          const show = (v: number) =>
            m.kind === 'not-worse'
              ? x.raw(unit === 'rate' ? 'points' : 'levels', {
                  n: amount(v, unit, unit === 'rate' ? 1 : 2, true),
                })
              : unit === 'rate'
                ? x.pct(v)
                : v.toFixed(2);
          return (
            `<tr><td>${escapeHtml(columnLabel(spec, g.column))}</td><td>${gateName(g, input, x)}</td>` +
            `<td class="num">${g.figure === undefined ? x.t('noValue') : x.t('gateFigure', { figure: show(g.figure), threshold: show(g.threshold) })}</td>` +
            `<td class="${g.pass ? 'pass' : 'fail'}">${x.t(g.pass ? 'pass' : 'fail')}</td></tr>`
          );
        })
        .join('')}</tbody></table>`
    : `<p>${x.t('noMinimums')}</p>`;
  return `<section class="card"><h2>${x.t('minimumsTitle')}</h2>${body}</section>`;
}

export function evalReportHtml(input: EvalReportInput): string {
  const x = evalReportText(input.language);
  const { spec, run } = input;
  const grader = spec.grader
    ? x.t('graderLine', { set: input.setName ?? '', model: spec.grader.judgeModel })
    : x.t('noGrader');
  const checks = spec.checks.length
    ? x.t('checksLine', { list: spec.checks.map((c) => c.kind).join(', ') })
    : x.t('noChecks');
  const facts =
    `<ul class="facts"><li>${x.t('runLine', { id: run.id, date: x.date(run.createdAt), state: run.state })}</li>` +
    `<li>${x.t('planLine', {
      rows: x.count(run.plan.rows),
      variants: spec.variants.length,
      targets: spec.targets.length,
      repeats: spec.repeats,
      cells: x.count(run.plan.cells),
    })}</li>` +
    `<li>${x.t('datasetLine', { list: spec.dataset.columns.join(', ') })}</li><li>${grader}</li><li>${checks}</li></ul>`;
  const body =
    facts +
    columnsSection(input, x) +
    comparisonsSection(input, x) +
    minimumsSection(input, x) +
    `<section class="card method"><h2>${x.t('methodTitle')}</h2><p>${x.t('method')}</p></section>`;
  return reportPage({
    text: x,
    title: x.t('title', { name: spec.name }),
    body,
    made: x.t('made', { version: input.appVersion, date: x.date(input.generatedAt) }),
    css: CSS,
  });
}
