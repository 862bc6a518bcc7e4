import type {
  DriftAnswer,
  FlippedCase,
  QuestionDrift,
  RunRef,
} from '../../../../src-shared/judge/run-agreement';
import { t } from '../../../i18n/i18n';
import { decisionText, num2, pct, yesNo } from '../format';

/** Metrics where a smaller number is better: a fall is an improvement. */
const LOWER_IS_BETTER = new Set(['logLoss', 'brier', 'maeChosen', 'maeExpectedValue']);
/** Metrics that are rates, shown as percentages. */
const RATES = new Set(['auc', 'precision', 'recall', 'f1', 'accuracy', 'exact', 'withinOne']);

const METRIC_NAMES: Record<string, Parameters<typeof t>[0]> = {
  auc: 'judge.agreement.auc',
  precision: 'judge.agreement.precision',
  recall: 'judge.agreement.recall',
  f1: 'judge.agreement.f1',
  accuracy: 'judge.agreement.accuracy',
  logLoss: 'judge.agreement.logLoss',
  brier: 'judge.agreement.brier',
  exact: 'judge.agreement.exact',
  withinOne: 'judge.agreement.withinOne',
  maeChosen: 'judge.agreement.maeChosen',
  maeExpectedValue: 'judge.agreement.maeExpected',
  spearman: 'judge.agreement.spearman',
};
const metricName = (m: string) => (METRIC_NAMES[m] ? t(METRIC_NAMES[m]) : m);

const show = (metric: string, v: number | undefined) => (RATES.has(metric) ? pct(v) : num2(v));

function signed(metric: string, d: number | undefined): string {
  if (d === undefined) return '—';
  const text = RATES.has(metric) ? t('judge.drift.points', { n: (d * 100).toFixed(1) }) : num2(d);
  return d > 0 ? `+${text}` : text;
}

function deltaClass(metric: string, d: number | undefined): string | undefined {
  if (d === undefined || d === 0) return undefined;
  const better = LOWER_IS_BETTER.has(metric) ? d < 0 : d > 0;
  return better ? 'drift-better' : 'drift-worse';
}

export function VersionsLine({ label, run }: { label: string; run: RunRef }) {
  const versions = Object.entries(run.versions)
    .map(([v, n]) => `${v} (${n})`)
    .join(', ');
  return (
    <div>
      <p className="small-note">
        <strong>{label}</strong> {run.model} · {t('judge.agreement.versions', { list: versions || '—' })}
      </p>
      {run.versionChanged ? (
        <p className="notice notice-warn" role="note">
          {t('judge.drift.versionChanged', { label, model: run.model })}
        </p>
      ) : null}
    </div>
  );
}

export function DeltaTable({ questions }: { questions: QuestionDrift[] }) {
  return (
    <table className="judge-table drift-deltas">
      <caption>{t('judge.drift.deltas')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('judge.drift.question')}</th>
          <th scope="col">{t('judge.drift.metric')}</th>
          <th scope="col">A</th>
          <th scope="col">B</th>
          <th scope="col">{t('judge.drift.delta')}</th>
        </tr>
      </thead>
      <tbody>
        {questions.flatMap((q) => {
          const entries = Object.entries(q.metrics);
          if (entries.length === 0)
            return [
              <tr key={q.question}>
                <th scope="row">{q.question}</th>
                <td colSpan={4} className="muted">
                  {t('judge.drift.notCompared')}
                </td>
              </tr>,
            ];
          return entries.map(([metric, m], i) => (
            <tr key={`${q.question}:${metric}`}>
              <th scope="row">{i === 0 ? q.question : ''}</th>
              <td>{metricName(metric)}</td>
              <td>{show(metric, m.a)}</td>
              <td>{show(metric, m.b)}</td>
              <td className={deltaClass(metric, m.delta)}>{signed(metric, m.delta)}</td>
            </tr>
          ));
        })}
      </tbody>
    </table>
  );
}

export function SharesTable({ questions }: { questions: QuestionDrift[] }) {
  return (
    <table className="judge-table drift-shares">
      <caption>{t('judge.drift.shares')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('judge.drift.question')}</th>
          <th scope="col">{t('judge.drift.decision')}</th>
          <th scope="col">A</th>
          <th scope="col">B</th>
        </tr>
      </thead>
      <tbody>
        {questions.flatMap((q) => [
          ...q.shares.map((s, i) => (
            <tr key={`${q.question}:${s.decision}`}>
              <th scope="row">{i === 0 ? `${q.question} (${q.coverage.compared})` : ''}</th>
              <td>
                {s.decision === 'true' || s.decision === 'false' ? yesNo(s.decision === 'true') : s.decision}
              </td>
              <td>{pct(s.a)}</td>
              <td>{pct(s.b)}</td>
            </tr>
          )),
          ...(q.meanProbability
            ? [
                <tr key={`${q.question}:mean`}>
                  <th scope="row" />
                  <td>{t('judge.drift.meanProbability')}</td>
                  <td>{num2(q.meanProbability.a)}</td>
                  <td>{num2(q.meanProbability.b)}</td>
                </tr>,
              ]
            : []),
        ])}
      </tbody>
    </table>
  );
}

const answerText = (a: DriftAnswer) => `${decisionText(a.decision)} (${pct(a.probability)})`;

export function FlipRows({ flipped }: { flipped: FlippedCase[] }) {
  return (
    <table className="judge-table drift-flips">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('judge.drift.question')}</th>
          <th scope="col">{t('judge.drift.state')}</th>
          <th scope="col">A</th>
          <th scope="col">B</th>
          <th scope="col">{t('judge.drift.label')}</th>
        </tr>
      </thead>
      <tbody>
        {flipped.map((f) => (
          <tr key={`${f.question}:${f.caseId}`}>
            <td>{f.position + 1}</td>
            <td>{f.question}</td>
            <td className="drift-state" title={f.stateExcerpt}>
              {f.stateExcerpt}
            </td>
            <td>{answerText(f.a)}</td>
            <td>{answerText(f.b)}</td>
            <td>{f.label === undefined ? '—' : decisionText(f.label)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
