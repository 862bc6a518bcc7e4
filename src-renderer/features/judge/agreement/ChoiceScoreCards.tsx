import type { ChoiceAgreement, ScoreAgreement } from '../../../../src-shared/judge/run-agreement';
import { t } from '../../../i18n/i18n';
import { num2, pct } from '../format';
import { ConfidenceTable, ConfusionTable, CoverageLine, ReliabilityChart, Stats } from './agreement-charts';

export function ChoiceCard({ q }: { q: ChoiceAgreement }) {
  return (
    <article className="card agreement-card" aria-label={t('judge.agreement.cardFor', { name: q.question })}>
      <h4>
        {q.question} <span className="badge">{t('judge.type.choice')}</span>
      </h4>
      <p className="small-note muted">{q.instructions}</p>
      <CoverageLine coverage={q.coverage} />
      <Stats
        items={[
          [t('judge.agreement.accuracy'), pct(q.summary.accuracy)],
          [t('judge.agreement.logLoss'), num2(q.summary.logLoss)],
          [t('judge.agreement.brier'), num2(q.summary.brier)],
        ]}
      />
      <div className="agreement-pair">
        <ConfusionTable matrix={q.confusion} names={q.options} caption={t('judge.agreement.confusion')} />
        <table className="judge-table">
          <caption>{t('judge.agreement.perOption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('judge.answer.option')}</th>
              <th scope="col">{t('judge.agreement.support')}</th>
              <th scope="col">{t('judge.agreement.precision')}</th>
              <th scope="col">{t('judge.agreement.recall')}</th>
            </tr>
          </thead>
          <tbody>
            {q.perOption.map((o, i) => (
              <tr key={q.options[i]}>
                <th scope="row">{q.options[i]}</th>
                <td>{o.support}</td>
                <td>{pct(o.precision)}</td>
                <td>{pct(o.recall)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="agreement-pair">
        <ReliabilityChart reliability={q.calibration} title={t('judge.agreement.calibrationTop')} />
        <ConfidenceTable summary={q.confidence} />
      </div>
    </article>
  );
}

export function ScoreCard({ q }: { q: ScoreAgreement }) {
  // Levels are read from 1, as a person writes them (the import and export do the same).
  const names = q.levels.map((l, i) => `${i + 1} ${l}`);
  return (
    <article className="card agreement-card" aria-label={t('judge.agreement.cardFor', { name: q.question })}>
      <h4>
        {q.question} <span className="badge">{t('judge.type.score')}</span>
      </h4>
      <p className="small-note muted">{q.instructions}</p>
      <CoverageLine coverage={q.coverage} />
      <Stats
        items={[
          [t('judge.agreement.exact'), pct(q.summary.exact)],
          [t('judge.agreement.withinOne'), pct(q.summary.withinOne)],
          [t('judge.agreement.maeChosen'), num2(q.summary.maeChosen)],
          [t('judge.agreement.maeExpected'), num2(q.summary.maeExpectedValue)],
          [t('judge.agreement.spearman'), num2(q.summary.spearman)],
        ]}
      />
      <div className="agreement-pair">
        <ConfusionTable
          matrix={q.confusionChosen}
          names={names}
          caption={t('judge.agreement.confusionChosen')}
        />
        <ConfusionTable
          matrix={q.confusionExpectedValue}
          names={names}
          caption={t('judge.agreement.confusionExpected')}
        />
      </div>
      <ConfidenceTable summary={q.confidence} />
    </article>
  );
}
