import type { ChoiceAgreement, ScoreAgreement } from '../../../../src-shared/judge/run-agreement';
import { t } from '../../../i18n/i18n';
import { pct } from '../format';
import { ConfidenceTable, ConfusionTable, CoverageLine, ReliabilityChart, Stats } from './agreement-charts';
import { bootstrapMethod, kappaMethod, wilsonMethod, withPlusMinus } from './interval-text';
import { PrecisionNote } from './EvidenceNotes';

export function ChoiceCard({ q }: { q: ChoiceAgreement }) {
  const i = q.intervals;
  return (
    <article className="card agreement-card" aria-label={t('judge.agreement.cardFor', { name: q.question })}>
      <h4>
        {q.question} <span className="badge">{t('judge.type.choice')}</span>
      </h4>
      <p className="small-note muted">{q.instructions}</p>
      <CoverageLine coverage={q.coverage} />
      <Stats
        items={[
          [
            t('judge.agreement.accuracy'),
            ...withPlusMinus(q.summary.accuracy, i?.accuracy, 'pct', wilsonMethod()),
          ],
          [
            t('judge.agreement.logLoss'),
            ...withPlusMinus(q.summary.logLoss, i?.logLoss, 'num', bootstrapMethod(i?.logLoss)),
          ],
          [
            t('judge.agreement.brier'),
            ...withPlusMinus(q.summary.brier, i?.brier, 'num', bootstrapMethod(i?.brier)),
          ],
          ...(i
            ? [
                [
                  t('judge.agreement.kappa'),
                  ...withPlusMinus(i.kappa.kappa, i.kappa, 'num', kappaMethod()),
                ] as const,
              ]
            : []),
        ]}
      />
      {i ? (
        <PrecisionNote
          metric={t('judge.agreement.accuracy')}
          successes={i.accuracy.successes}
          cases={i.accuracy.n}
        />
      ) : null}
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
        <ReliabilityChart
          reliability={q.calibration}
          title={t('judge.agreement.calibrationTop')}
          ece={i && withPlusMinus(i.ece.estimate, i.ece, 'num', bootstrapMethod(i.ece))}
        />
        <ConfidenceTable summary={q.confidence} />
      </div>
    </article>
  );
}

export function ScoreCard({ q }: { q: ScoreAgreement }) {
  // Levels are read from 1, as a person writes them (the import and export do the same).
  const names = q.levels.map((l, i) => `${i + 1} ${l}`);
  const i = q.intervals;
  return (
    <article className="card agreement-card" aria-label={t('judge.agreement.cardFor', { name: q.question })}>
      <h4>
        {q.question} <span className="badge">{t('judge.type.score')}</span>
      </h4>
      <p className="small-note muted">{q.instructions}</p>
      <CoverageLine coverage={q.coverage} />
      <Stats
        items={[
          [t('judge.agreement.exact'), ...withPlusMinus(q.summary.exact, i?.exact, 'pct', wilsonMethod())],
          [
            t('judge.agreement.withinOne'),
            ...withPlusMinus(q.summary.withinOne, i?.withinOne, 'pct', wilsonMethod()),
          ],
          [
            t('judge.agreement.maeChosen'),
            ...withPlusMinus(q.summary.maeChosen, i?.maeChosen, 'num', bootstrapMethod(i?.maeChosen)),
          ],
          [
            t('judge.agreement.maeExpected'),
            ...withPlusMinus(
              q.summary.maeExpectedValue,
              i?.maeExpectedValue,
              'num',
              bootstrapMethod(i?.maeExpectedValue),
            ),
          ],
          [
            t('judge.agreement.spearman'),
            ...withPlusMinus(q.summary.spearman, i?.spearman, 'num', bootstrapMethod(i?.spearman)),
          ],
          ...(i
            ? [
                [
                  t('judge.agreement.kappaQuadratic'),
                  ...withPlusMinus(i.kappa.kappa, i.kappa, 'num', kappaMethod()),
                ] as const,
              ]
            : []),
        ]}
      />
      {i ? (
        <PrecisionNote metric={t('judge.agreement.exact')} successes={i.exact.successes} cases={i.exact.n} />
      ) : null}
      <div className="agreement-pair agreement-pair-wide">
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
