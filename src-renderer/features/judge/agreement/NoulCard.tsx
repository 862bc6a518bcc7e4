import { useId, useMemo, useState } from 'react';
import { MISSING_CLASS_MESSAGES, sweepMetricsAt } from '../../../../src-shared/judge/metrics';
import type { NoulAgreement } from '../../../../src-shared/judge/run-agreement';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { asAppError } from '../../../bridge/api';
import { t } from '../../../i18n/i18n';
import { num2, pct } from '../format';
import { CoverageLine, PrChart, ReliabilityChart, RocChart, Stats } from './agreement-charts';
import { useSaveTuning } from './use-set-tuning';
import { wilsonInterval } from '../../../../src-shared/stats/wilson-interval';
import { bootstrapMethod, kappaMethod, wilsonMethod, withPlusMinus } from './interval-text';
import { PrecisionNote, TunedThresholdNote } from './EvidenceNotes';

/**
 * A noul question: ROC with its AUC, and precision–recall with a threshold slider. Moving the
 * slider reads the metrics from the sweep main sent (no call per move); "Save threshold" saves
 * the set's next revision with this threshold merged into the tuning in force.
 */
export function NoulCard({ q, setId }: { q: NoulAgreement; setId: string }) {
  const [draft, setDraft] = useState<number | undefined>(undefined);
  const value = draft ?? q.threshold;
  const dirty = draft !== undefined && draft !== q.threshold;
  const save = useSaveTuning(setId);
  const sliderId = useId();
  // At the threshold in force main computed the metrics exactly (a saved 0.333 falls between the
  // sweep's points); a moved slider reads the sweep.
  const at = useMemo(
    () => (draft === undefined ? q.atThreshold : sweepMetricsAt(q.sweep, draft)),
    [q.atThreshold, q.sweep, draft],
  );
  const marker =
    at.recall !== undefined && at.precision !== undefined
      ? { recall: at.recall, precision: at.precision }
      : undefined;

  // Precision, recall and accuracy are proportions of the counts at the slider's threshold, so
  // their Wilson intervals follow the slider; AUC, ECE and kappa are main's, at the saved one.
  const i = q.intervals;
  const n = at.tp + at.fp + at.tn + at.fn;
  const wilson = (s: number, of: number) => (of > 0 ? wilsonInterval(s, of) : undefined);
  const auc = withPlusMinus(q.auc.auc, i?.auc, 'num', bootstrapMethod(i?.auc));

  const onSave = () =>
    save.mutate((inForce) => ({ ...inForce, thresholds: { ...inForce.thresholds, [q.question]: value } }), {
      onSuccess: () => setDraft(undefined),
    });

  return (
    <article className="card agreement-card" aria-label={t('judge.agreement.cardFor', { name: q.question })}>
      <h4>
        {q.question} <span className="badge">{t('judge.type.noul')}</span>
      </h4>
      <p className="small-note muted">{q.instructions}</p>
      <CoverageLine coverage={q.coverage} />
      {q.auc.reason ? (
        <p className="muted">{t('judge.agreement.noCurve', { why: MISSING_CLASS_MESSAGES[q.auc.reason] })}</p>
      ) : (
        <div className="agreement-pair">
          <section className="agreement-block" aria-label={t('judge.agreement.roc')}>
            <h5>
              {t('judge.agreement.roc')} · {t('judge.agreement.auc')} <span title={auc[1]}>{auc[0]}</span>
            </h5>
            <RocChart
              points={q.roc.points}
              label={t('judge.agreement.rocSummary', { auc: num2(q.auc.auc) })}
              band={q.bands && !q.bands.roc.reason ? q.bands.roc : undefined}
            />
          </section>
          <section className="agreement-block" aria-label={t('judge.agreement.pr')}>
            <h5>{t('judge.agreement.pr')}</h5>
            {q.pr.reason ? (
              <p className="muted">{MISSING_CLASS_MESSAGES[q.pr.reason]}</p>
            ) : (
              <PrChart
                points={q.pr.points}
                marker={marker}
                band={q.bands && !q.bands.pr.reason ? q.bands.pr : undefined}
                label={t('judge.agreement.prSummary', {
                  threshold: value.toFixed(2),
                  precision: pct(at.precision),
                  recall: pct(at.recall),
                })}
              />
            )}
          </section>
        </div>
      )}
      <div className="agreement-threshold">
        <label htmlFor={sliderId}>
          {t('judge.agreement.threshold')} <strong>{value.toFixed(2)}</strong>
          {dirty ? <span className="badge agreement-dirty">{t('judge.agreement.unsaved')}</span> : null}
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={value}
          onChange={(e) => setDraft(Number(e.target.value))}
        />
        <Stats
          items={[
            [
              t('judge.agreement.precision'),
              ...withPlusMinus(at.precision, wilson(at.tp, at.tp + at.fp), 'pct', wilsonMethod()),
            ],
            [
              t('judge.agreement.recall'),
              ...withPlusMinus(at.recall, wilson(at.tp, at.tp + at.fn), 'pct', wilsonMethod()),
            ],
            [t('judge.agreement.f1'), pct(at.f1)],
            [
              t('judge.agreement.accuracy'),
              ...withPlusMinus(at.accuracy, wilson(at.tp + at.tn, n), 'pct', wilsonMethod()),
            ],
            ...(i && draft === undefined
              ? [
                  [
                    t('judge.agreement.kappa'),
                    ...withPlusMinus(i.kappa.kappa, i.kappa, 'num', kappaMethod()),
                  ] as const,
                ]
              : []),
          ]}
        />
        <PrecisionNote metric={t('judge.agreement.accuracy')} successes={at.tp + at.tn} cases={n} />
        {q.tunedThreshold ? (
          <TunedThresholdNote tuned={q.tunedThreshold} current={value} onUse={setDraft} />
        ) : null}
        <p className="small-note muted">
          {t('judge.agreement.inForce', { threshold: q.threshold.toFixed(2) })}{' '}
          {t('judge.agreement.savesRevision')}
        </p>
        <div className="row">
          <button type="button" className="primary" disabled={!dirty || save.isPending} onClick={onSave}>
            {save.isPending ? t('judge.agreement.saving') : t('judge.agreement.saveThreshold')}
          </button>
          <button type="button" disabled={!dirty || save.isPending} onClick={() => setDraft(undefined)}>
            {t('judge.agreement.revert')}
          </button>
        </div>
        {save.error ? <ErrorNotice error={asAppError(save.error)} onDismiss={() => save.reset()} /> : null}
      </div>
      <ReliabilityChart
        reliability={q.calibration}
        title={t('judge.agreement.calibration')}
        ece={i && withPlusMinus(i.ece.estimate, i.ece, 'num', bootstrapMethod(i.ece))}
      />
    </article>
  );
}
