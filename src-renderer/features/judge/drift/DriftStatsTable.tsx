import {
  LOWER_IS_BETTER,
  type PairedDriftStats,
  type PairedMetricDelta,
} from '../../../../src-shared/judge/drift-paired-stats';
import type { QuestionDrift } from '../../../../src-shared/judge/run-agreement';
import type { CasesToSettle } from '../../../../src-shared/stats';
import { signed } from '../../../../src-shared/stats/difference-verdict';
import { formatNumber, t } from '../../../i18n/i18n';

/**
 * "Is the difference real?" (docs/architecture.md, "Judge agreement and drift"): per question,
 * McNemar's test on right/wrong flips and each bootstrapped B − A with its interval, worded as one
 * sentence in the window's language, and the labelled cases that would settle it.
 */

const n = (x: number) => formatNumber(x);

function deltaSentence(d: PairedMetricDelta): string {
  const v = d.verdict;
  if (v.delta === undefined) return t('judge.driftStats.noValue', { n: n(v.cases) });
  if (d.delta.reason !== undefined)
    return t('judge.driftStats.deltaNoInterval', {
      delta: signed(v.delta, 2),
      n: n(v.cases),
      why: t(`judge.driftStats.gap.${d.delta.reason}`),
    });
  // A decisive interval whose near bound rounds to 0.00 would read as touching 0: one digit more.
  const digits = v.decisive && Math.min(Math.abs(v.lower!), Math.abs(v.upper!)) < 0.005 ? 3 : 2;
  const verdict =
    v.direction === 'bHigher'
      ? t('judge.driftStats.bHigher')
      : v.direction === 'bLower'
        ? t('judge.driftStats.bLower')
        : t('judge.driftStats.notDecisive');
  return t('judge.driftStats.delta', {
    delta: signed(v.delta, digits),
    lower: signed(v.lower!, digits),
    upper: signed(v.upper!, digits),
    n: n(v.cases),
    verdict,
  });
}

function flipsSentence(s: PairedDriftStats): string {
  const f = s.flips;
  const verdict = !f.decisive
    ? t('judge.driftStats.notDecisive')
    : f.bOnly > f.aOnly
      ? t('judge.driftStats.flipsMore')
      : t('judge.driftStats.flipsLess');
  return t('judge.driftStats.flips', {
    bOnly: n(f.bOnly),
    aOnly: n(f.aOnly),
    n: n(f.cases),
    p: f.pValue < 0.001 ? t('judge.driftStats.pBelow') : t('judge.driftStats.p', { p: f.pValue.toFixed(3) }),
    verdict,
  });
}

function settleText(decisive: boolean, settle: CasesToSettle): string {
  if (decisive) return t('judge.driftStats.settled');
  if (settle.cases === undefined) return t('judge.driftStats.noDifference');
  return t('judge.driftStats.about', { n: n(settle.cases) });
}

/** Green for a decisive change for the better, red for the worse, plain when not decisive. */
function tone(decisive: boolean, better: boolean): string {
  if (!decisive) return 'drift-stats-result';
  return `drift-stats-result ${better ? 'drift-better' : 'drift-worse'}`;
}

function metricLabel(d: PairedMetricDelta): string {
  const name = t(`judge.driftStats.${d.metric}`);
  return d.headline ? t('judge.driftStats.headline', { metric: name }) : name;
}

function QuestionRows({ question, stats }: { question: string; stats: PairedDriftStats }) {
  const f = stats.flips;
  return (
    <>
      <tr>
        <th scope="row" rowSpan={stats.deltas.length + 1}>
          {question}
        </th>
        <td>{t('judge.driftStats.flipsMeasure')}</td>
        <td className={tone(f.decisive, f.bOnly > f.aOnly)}>{flipsSentence(stats)}</td>
        <td>{settleText(f.decisive, stats.flipsToSettle)}</td>
      </tr>
      {stats.deltas.map((d) => {
        const better = LOWER_IS_BETTER.has(d.metric)
          ? d.verdict.direction === 'bLower'
          : d.verdict.direction === 'bHigher';
        return (
          <tr key={d.metric}>
            <td>{metricLabel(d)}</td>
            <td className={tone(d.verdict.decisive, better)}>{deltaSentence(d)}</td>
            <td>{settleText(d.verdict.decisive, d.casesToSettle)}</td>
          </tr>
        );
      })}
    </>
  );
}

export function DriftStatsTable({ questions }: { questions: QuestionDrift[] }) {
  const withStats = questions.filter((q): q is QuestionDrift & { paired: PairedDriftStats } => !!q.paired);
  // A drift cached before these statistics existed has none: nothing to show.
  if (withStats.length === 0) return null;
  const runs = withStats.flatMap((q) => q.paired.deltas.map((d) => d.delta));
  const first = runs[0];
  const cut = runs.find((r) => r.limitedBy === 'maxDraws');
  return (
    <section className="card drift-stats" aria-label={t('judge.driftStats.title')}>
      <h4>{t('judge.driftStats.title')}</h4>
      <table className="judge-table drift-stats-table" aria-label={t('judge.driftStats.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('judge.drift.question')}</th>
            <th scope="col">{t('judge.driftStats.measure')}</th>
            <th scope="col">{t('judge.driftStats.result')}</th>
            <th scope="col">{t('judge.driftStats.settle')}</th>
          </tr>
        </thead>
        <tbody>
          {withStats.map((q) => (
            <QuestionRows key={q.question} question={q.question} stats={q.paired} />
          ))}
        </tbody>
      </table>
      {first ? (
        <p className="small-note muted">
          {t('judge.driftStats.method', {
            confidence: Math.round(first.confidence * 100),
            seed: first.seed,
            resamples: n(first.requestedResamples),
          })}
          {cut
            ? ` ${t('judge.driftStats.bounded', {
                resamples: n(cut.resamples),
                requested: n(cut.requestedResamples),
                n: n(cut.rows),
              })}`
            : ''}
        </p>
      ) : null}
    </section>
  );
}
