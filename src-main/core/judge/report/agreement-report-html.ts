import type { Coverage } from '../../../../src-shared/judge/metrics';
import type {
  ChoiceAgreement,
  NoulAgreement,
  QuestionAgreement,
  RunAgreement,
  ScoreAgreement,
} from '../../../../src-shared/judge/run-agreement';
import { escapeHtml } from './report-html-escape';
import { reportPage } from './report-page';
import {
  bootstrapRow,
  confusionTable,
  kappaRow,
  metricsTable,
  plainRow,
  type ReportContext,
  runFacts,
  table,
  thresholdsLine,
  wilsonRow,
} from './report-parts';
import { curveSvg, reliabilityPoints, reliabilitySvg } from './report-svg';
import { reportText, type ReportText } from './report-text';
import type { ReportKey } from './report-text-en';
import type { Reliability } from '../../../../src-shared/judge/metrics';
import type { CurveBand } from '../../../../src-shared/stats/curve-bands';

/**
 * A run's agreement with its labels as one self-contained HTML file (docs/architecture.md,
 * "Reports"): per question every metric with its 95 % interval and method, the ROC and
 * precision–recall curves, reliability diagrams with Wilson error bars, confusion matrices, and
 * the method note. Pure: the agreement the views show in, one string out.
 */
export function agreementReportHtml(ag: RunAgreement, ctx: ReportContext): string {
  const x = reportText(ctx.language);
  const title = x.t('agreementTitle', { set: ctx.setName });
  const revision =
    ag.run.setRevision === ag.latestRevision
      ? x.t('revision', { revision: ag.run.setRevision })
      : x.t('olderRevision', { revision: ag.run.setRevision, latest: ag.latestRevision });
  const body =
    `<ul class="facts">${runFacts(ag.run, x, x.t('run'))}` +
    `<li>${x.t('answered', { answered: x.count(ag.answered), total: x.count(ag.total) })}</li>` +
    `<li>${revision}</li><li>${thresholdsLine(ag.tuning, x)}</li></ul>` +
    ag.questions.map((q) => questionSection(q, x)).join('') +
    `<section class="card method"><h2>${x.t('methodTitle')}</h2><p>${x.t('methodAgreement')}</p></section>`;
  return reportPage({
    text: x,
    title,
    body,
    made: x.t('made', { version: ctx.appVersion, date: x.date(ctx.generatedAt) }),
  });
}

function questionSection(q: QuestionAgreement, x: ReportText): string {
  const head =
    `<h2>${escapeHtml(q.question)} <span class="muted small">· ${x.t(`type.${q.type}`)}</span></h2>` +
    (q.instructions ? `<p class="instructions muted">${escapeHtml(q.instructions)}</p>` : '') +
    coverageLine(q.coverage, x);
  const inner = q.type === 'noul' ? noulBody(q, x) : q.type === 'choice' ? choiceBody(q, x) : scoreBody(q, x);
  return `<section class="question" aria-label="${escapeHtml(q.question)}">${head}${inner}</section>`;
}

const LEFT_OUT = ['invalidAnswer', 'unlabelled', 'failed', 'unanswered', 'invalidLabel'] as const;

function coverageLine(c: Coverage, x: ReportText): string {
  const left = LEFT_OUT.filter((k) => c[k] > 0).map((k) => x.t(`left.${k}`, { n: x.count(c[k]) }));
  return `<p class="small"><strong>${x.t('coverage', { used: x.count(c.used), total: x.count(c.total) })}</strong>${left.length ? ` · ${left.join(' · ')}` : ''}</p>`;
}

function noulBody(q: NoulAgreement, x: ReportText): string {
  const m = q.atThreshold;
  const i = q.intervals;
  const rows = metricsTable(x, '', [
    plainRow(x.t('m.threshold'), String(q.threshold)),
    wilsonRow(x, x.t('m.accuracy'), m.accuracy, i?.accuracy),
    wilsonRow(x, x.t('m.precision'), m.precision, i?.precision),
    wilsonRow(x, x.t('m.recall'), m.recall, i?.recall),
    plainRow(x.t('m.f1'), x.num(m.f1)),
    bootstrapRow(x, x.t('m.auc'), q.auc.auc, i?.auc),
    bootstrapRow(x, x.t('m.ece'), q.calibration.ece, i?.ece),
    kappaRow(x, x.t('m.kappa'), i?.kappa),
  ]);
  const missing = q.roc.reason ?? q.pr.reason;
  const curves = missing
    ? `<p class="muted">${x.t('noCurve', { why: x.raw(`missing.${missing}` as ReportKey) })}</p>`
    : figure(
        x.t('roc', { auc: x.num(q.auc.auc) }),
        curveSvg({
          alt: x.t('roc', { auc: x.num(q.auc.auc) }),
          points: q.roc.points.map((p) => ({ x: p.fpr, y: p.tpr })),
          xLabel: x.t('axis.fpr'),
          yLabel: x.t('axis.tpr'),
          diagonal: true,
          band: drawnBand(q.bands?.roc),
        }),
        bandNote(q.bands?.roc, x),
      ) +
      figure(
        x.t('pr'),
        curveSvg({
          alt: x.t('pr'),
          points: q.pr.points.map((p) => ({ x: p.recall, y: p.precision })),
          xLabel: x.t('axis.recall'),
          yLabel: x.t('axis.precision'),
          step: true,
          marker:
            m.recall !== undefined && m.precision !== undefined ? { x: m.recall, y: m.precision } : undefined,
          band: drawnBand(q.bands?.pr),
        }),
        bandNote(q.bands?.pr, x),
      );
  return (
    rows + `<div class="charts">${curves}${reliabilityFigure(q.calibration, x.t('reliability'), x)}</div>`
  );
}

function choiceBody(q: ChoiceAgreement, x: ReportText): string {
  const s = q.summary;
  const i = q.intervals;
  const rows = metricsTable(x, '', [
    wilsonRow(x, x.t('m.accuracy'), s.accuracy, i?.accuracy),
    bootstrapRow(x, x.t('m.logLoss'), s.logLoss, i?.logLoss),
    bootstrapRow(x, x.t('m.brier'), s.brier, i?.brier),
    bootstrapRow(x, x.t('m.ece'), q.calibration.ece, i?.ece),
    kappaRow(x, x.t('m.kappa'), i?.kappa),
  ]);
  const perOption = table(
    x.t('perOption'),
    [x.t('option'), x.t('support'), x.t('m.precision'), x.t('m.recall')],
    q.perOption.map((o, k) => [
      escapeHtml(q.options[k] ?? String(k + 1)),
      { num: x.count(o.support) },
      { num: x.pct(o.precision) },
      { num: x.pct(o.recall) },
    ]),
  );
  return (
    rows +
    `<div class="charts">${reliabilityFigure(q.calibration, x.t('reliabilityTop'), x)}</div>` +
    confusionTable(x, x.t('confusion'), q.confusion, q.options) +
    perOption +
    confidenceTable(q.confidence, x)
  );
}

function scoreBody(q: ScoreAgreement, x: ReportText): string {
  const s = q.summary;
  const i = q.intervals;
  const rows = metricsTable(x, '', [
    wilsonRow(x, x.t('m.exact'), s.exact, i?.exact),
    wilsonRow(x, x.t('m.withinOne'), s.withinOne, i?.withinOne),
    bootstrapRow(x, x.t('m.maeChosen'), s.maeChosen, i?.maeChosen),
    bootstrapRow(x, x.t('m.maeExpected'), s.maeExpectedValue, i?.maeExpectedValue),
    bootstrapRow(x, x.t('m.spearman'), s.spearman, i?.spearman),
    kappaRow(x, x.t('m.kappaQuadratic'), i?.kappa),
  ]);
  const names = q.levels.map((l, k) => `${k + 1}. ${l}`);
  return (
    rows +
    confusionTable(x, x.t('confusionChosen'), q.confusionChosen, names) +
    confusionTable(x, x.t('confusionExpected'), q.confusionExpectedValue, names) +
    confidenceTable(q.confidence, x)
  );
}

function confidenceTable(c: ChoiceAgreement['confidence'], x: ReportText): string {
  return table(
    x.t('confidenceTitle'),
    [x.t('metric'), x.t('estimate')],
    [
      [x.t('whenRight', { n: x.count(c.correct.count) }), { num: x.pct(c.correct.meanConfidence) }],
      [x.t('whenWrong', { n: x.count(c.incorrect.count) }), { num: x.pct(c.incorrect.meanConfidence) }],
      [x.t('gap'), { num: x.num(c.gap) }],
    ],
  );
}

function reliabilityFigure(r: Reliability, title: string, x: ReportText): string {
  const points = reliabilityPoints(r);
  if (points.length === 0)
    return figure(title, `<p class="muted">${x.t('noCurve', { why: x.raw('missing.noCases') })}</p>`);
  const list = points.map((p) => `${x.pct(p.predicted)} → ${x.pct(p.observed)} (${p.count})`).join(', ');
  const alt = `${title}. ${x.t('reliabilityList', { list })}`;
  return figure(
    `${title} · ${x.t('m.ece')} ${x.num(r.ece)}`,
    reliabilitySvg({ alt, points, xLabel: x.t('axis.predicted'), yLabel: x.t('axis.observed') }) +
      `<p class="muted small">${x.t('binBars')}</p>`,
  );
}

function figure(caption: string, content: string, note = ''): string {
  return `<figure><figcaption>${caption}</figcaption>${content}${note}</figure>`;
}

/** A band the worker could draw (resamples with both classes), as the chart takes it. */
function drawnBand(band: CurveBand | undefined) {
  return band && band.reason === undefined ? band : undefined;
}

/** What the shading is, under a chart that has it (as the window says it). */
function bandNote(band: CurveBand | undefined, x: ReportText): string {
  if (!drawnBand(band)) return '';
  return `<p class="muted small">${x.t('band', { resamples: x.count(band!.resamples), seed: band!.seed })}</p>`;
}
