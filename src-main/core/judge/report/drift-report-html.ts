import {
  LOWER_IS_BETTER,
  type PairedDriftStats,
  type PairedMetricDelta,
} from '../../../../src-shared/judge/drift-paired-stats';
import type { FlippedCase, QuestionDrift, RunDrift } from '../../../../src-shared/judge/run-agreement';
import type { CasesToSettle } from '../../../../src-shared/stats';
import { escapeHtml } from './report-html-escape';
import { reportPage } from './report-page';
import { type Cell, type ReportContext, runFacts, table, thresholdsLine } from './report-parts';
import { type ForestRow, forestSvg } from './report-svg';
import { reportText, type ReportText } from './report-text';
import type { ReportKey } from './report-text-en';

/**
 * Two runs of a set compared, as one self-contained HTML file (docs/architecture.md, "Reports"):
 * "Is the difference real?" per question (McNemar's exact test on the flips, each paired
 * bootstrap delta with its interval and verdict sentence, the cases that would settle it), the
 * deltas as a forest plot, the metric deltas, decision shares and the first page of flipped
 * cases. Pure: the drift the view shows in, one string out.
 */
export function driftReportHtml(d: RunDrift, ctx: ReportContext): string {
  const x = reportText(ctx.language);
  const title = x.t('driftTitle', { set: ctx.setName });
  const paired = d.questions.filter((q): q is QuestionDrift & { paired: PairedDriftStats } => !!q.paired);
  const body =
    `<ul class="facts">${runFacts(d.a, x, x.t('runA'))}${runFacts(d.b, x, x.t('runB'))}` +
    `<li>${thresholdsLine(d.tuning, x)}</li></ul>` +
    (paired.length ? isRealSection(paired, x) : '') +
    deltasSection(d.questions, x) +
    sharesSection(d.questions, x) +
    flipsSection(d, x);
  return reportPage({
    text: x,
    title,
    body,
    made: x.t('made', { version: ctx.appVersion, date: x.date(ctx.generatedAt) }),
  });
}

/** The digits of a delta: one more when a decisive interval's near bound would round to 0. */
function digitsOf(d: PairedMetricDelta): number {
  const v = d.verdict;
  return v.decisive && Math.min(Math.abs(v.lower!), Math.abs(v.upper!)) < 0.005 ? 3 : 2;
}

/** The verdict sentence the Drift view shows, in the report's language. */
export function deltaSentence(d: PairedMetricDelta, x: ReportText): string {
  const v = d.verdict;
  if (v.delta === undefined) return x.t('noValue', { n: x.count(v.cases) });
  if (d.delta.reason !== undefined)
    return x.t('deltaNoInterval', {
      delta: x.signed(v.delta, 2),
      n: x.count(v.cases),
      why: x.raw(`gap.${d.delta.reason}` as ReportKey),
    });
  const digits = digitsOf(d);
  const verdict = v.direction === 'bHigher' ? 'bHigher' : v.direction === 'bLower' ? 'bLower' : 'notDecisive';
  return x.t('delta', {
    delta: x.signed(v.delta, digits),
    lower: x.signed(v.lower!, digits),
    upper: x.signed(v.upper!, digits),
    n: x.count(v.cases),
    verdict: x.raw(verdict),
  });
}

export function flipsSentence(s: PairedDriftStats, x: ReportText): string {
  const f = s.flips;
  const verdict = !f.decisive ? 'notDecisive' : f.bOnly > f.aOnly ? 'flipsMore' : 'flipsLess';
  return x.t('flips', {
    bOnly: x.count(f.bOnly),
    aOnly: x.count(f.aOnly),
    p: f.pValue < 0.001 ? x.raw('pBelow') : x.raw('p', { p: f.pValue.toFixed(3) }),
    verdict: x.raw(verdict),
  });
}

function settleText(decisive: boolean, settle: CasesToSettle, x: ReportText): string {
  if (decisive) return x.t('settled');
  if (settle.cases === undefined) return x.t('noDifference');
  return x.t('about', { n: x.count(settle.cases) });
}

const betterOf = (d: PairedMetricDelta) =>
  LOWER_IS_BETTER.has(d.metric) ? d.verdict.direction === 'bLower' : d.verdict.direction === 'bHigher';

function toneOf(decisive: boolean, better: boolean): ForestRow['tone'] {
  return !decisive ? 'plain' : better ? 'better' : 'worse';
}

function metricName(d: PairedMetricDelta, x: ReportText): string {
  const name = x.raw(`paired.${d.metric}` as ReportKey);
  return d.headline ? x.raw('headline', { metric: name }) : name;
}

function isRealSection(
  questions: readonly (QuestionDrift & { paired: PairedDriftStats })[],
  x: ReportText,
): string {
  const rows: Cell[][] = [];
  const forest: ForestRow[] = [];
  for (const q of questions) {
    const s = q.paired;
    const f = s.flips;
    const flipTone = toneOf(f.decisive, f.bOnly > f.aOnly);
    rows.push([
      escapeHtml(q.question),
      x.t('flipsMeasure'),
      `<span class="${flipTone}">${flipsSentence(s, x)}</span>`,
      settleText(f.decisive, s.flipsToSettle, x),
    ]);
    for (const d of s.deltas) {
      const tone = toneOf(d.verdict.decisive, betterOf(d));
      rows.push([
        escapeHtml(q.question),
        escapeHtml(metricName(d, x)),
        `<span class="${tone}">${deltaSentence(d, x)}</span>`,
        settleText(d.verdict.decisive, d.casesToSettle, x),
      ]);
      forest.push({
        label: `${q.question} · ${metricName(d, x)}`,
        estimate: d.verdict.delta,
        lower: d.delta.lower,
        upper: d.delta.upper,
        tone,
      });
    }
  }
  const runs = questions.flatMap((q) => q.paired.deltas.map((d) => d.delta));
  const first = runs[0];
  const cut = runs.find((r) => r.limitedBy === 'maxDraws');
  const method = first
    ? x.t('methodDrift', {
        confidence: Math.round(first.confidence * 100),
        seed: first.seed,
        resamples: x.count(first.requestedResamples),
      }) +
      (cut
        ? ` ${x.t('driftBounded', { resamples: x.count(cut.resamples), requested: x.count(cut.requestedResamples), n: x.count(cut.rows) })}`
        : '')
    : '';
  const plot = forest.length
    ? `<figure class="wide"><figcaption>${x.t('forest')}</figcaption>${forestSvg({
        alt: `${x.t('forest')}: ${forest.map((r) => escapeHtml(r.label)).join('; ')}`,
        rows: forest,
        xLabel: x.t('deltaHead'),
      })}<p class="muted small">${x.t('forestNote')}</p></figure>`
    : '';
  return (
    `<section class="card is-real"><h2>${x.t('isReal')}</h2>` +
    table('', [x.t('question'), x.t('measure'), x.t('result'), x.t('settle')], rows) +
    plot +
    `<h3>${x.t('methodTitle')}</h3><p class="small">${method}</p></section>`
  );
}

function deltasSection(questions: readonly QuestionDrift[], x: ReportText): string {
  const rows: Cell[][] = [];
  for (const q of questions) {
    const entries = Object.entries(q.metrics);
    if (entries.length === 0) rows.push([escapeHtml(q.question), x.t('notCompared'), '', '', '']);
    for (const [metric, m] of entries)
      rows.push([
        escapeHtml(q.question),
        escapeHtml(metric),
        { num: x.num(m.a) },
        { num: x.num(m.b) },
        { num: m.delta === undefined ? '—' : x.signed(m.delta) },
      ]);
  }
  const coverage = questions
    .map(
      (q) =>
        `<li><strong>${escapeHtml(q.question)}</strong>: ${x.t('driftCoverage', {
          compared: x.count(q.coverage.compared),
          onlyA: x.count(q.coverage.onlyInA),
          onlyB: x.count(q.coverage.onlyInB),
          labelled: x.count(q.coverage.labelled),
          conflicts: x.count(q.coverage.labelConflicts),
        })}</li>`,
    )
    .join('');
  return (
    `<h2>${x.t('deltas')}</h2><ul class="facts small">${coverage}</ul>` +
    table('', [x.t('question'), x.t('metric'), x.t('a'), x.t('b'), x.t('deltaHead')], rows)
  );
}

function sharesSection(questions: readonly QuestionDrift[], x: ReportText): string {
  const rows: Cell[][] = [];
  for (const q of questions) {
    for (const s of q.shares)
      rows.push([escapeHtml(q.question), escapeHtml(s.decision), { num: x.pct(s.a) }, { num: x.pct(s.b) }]);
    if (q.meanProbability)
      rows.push([
        escapeHtml(q.question),
        x.t('meanProbability'),
        { num: x.num(q.meanProbability.a) },
        { num: x.num(q.meanProbability.b) },
      ]);
  }
  return (
    `<h2>${x.t('shares')}</h2>` + table('', [x.t('question'), x.t('decision'), x.t('a'), x.t('b')], rows)
  );
}

function answerText(v: string | boolean | undefined, x: ReportText): string {
  if (v === undefined) return '—';
  return typeof v === 'boolean' ? x.t(v ? 'true' : 'false') : escapeHtml(v);
}

function flipsSection(d: RunDrift, x: ReportText): string {
  const head = `<h2>${x.t('flipped', { n: x.count(d.flipsTotal) })}</h2>`;
  if (d.flipsTotal === 0) return `${head}<p class="muted">${x.t('noFlips')}</p>`;
  const prob = (p: number | undefined) => (p === undefined ? '' : ` (${x.num(p)})`);
  const rows = d.flipped.map((f: FlippedCase): Cell[] => [
    x.count(f.position + 1),
    escapeHtml(f.question),
    `<span class="state">${escapeHtml(f.stateExcerpt)}</span>`,
    answerText(f.a.decision, x) + prob(f.a.probability),
    answerText(f.b.decision, x) + prob(f.b.probability),
    answerText(f.label, x),
  ]);
  return (
    head +
    `<p class="muted small">${x.t('flippedShown', { shown: x.count(d.flipped.length), total: x.count(d.flipsTotal) })}</p>` +
    table('', [x.t('position'), x.t('question'), x.t('state'), x.t('a'), x.t('b'), x.t('label')], rows)
  );
}
