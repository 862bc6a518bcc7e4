import type { ThresholdCrossValidation } from '../../../../src-shared/stats/threshold-cross-validation';
import { DEFAULT_PRECISION_TARGET, precisionWarning } from '../../../../src-shared/stats/precision-warning';
import { t } from '../../../i18n/i18n';
import { pct } from '../format';

/**
 * The threshold tuned on these labels, read two ways: on the very labels it was tuned on
 * (optimistic) and cross-validated, with its interval, folds and seed (docs/architecture.md,
 * "Judge thresholds"). "Use" moves the slider to it; saving stays the user's call.
 */
export function TunedThresholdNote({
  tuned,
  current,
  onUse,
}: {
  tuned: ThresholdCrossValidation;
  current: number;
  onUse: (threshold: number) => void;
}) {
  if (tuned.reason)
    return (
      <p className="small-note muted agreement-tuned">
        {t('judge.agreement.tunedTooFew', {
          cases: tuned.cases,
          needed: 2 * tuned.folds,
          folds: tuned.folds,
        })}
      </p>
    );
  const threshold = tuned.threshold.toFixed(2);
  return (
    <div className="agreement-tuned" role="group" aria-label={t('judge.agreement.tunedTitle')}>
      <p className="small-note">
        <strong>{t('judge.agreement.tunedTitle')}</strong>{' '}
        {t('judge.agreement.tunedLine', {
          threshold,
          apparent: pct(tuned.apparent),
          honest: pct(tuned.honest.estimate),
          lower: pct(tuned.honest.lower),
          upper: pct(tuned.honest.upper),
          folds: tuned.folds,
          seed: tuned.seed,
        })}
      </p>
      <p className="small-note muted">{t('judge.agreement.tunedWhy', { folds: tuned.folds })}</p>
      <button type="button" disabled={tuned.threshold === current} onClick={() => onUse(tuned.threshold)}>
        {t('judge.agreement.useTuned', { threshold })}
      </button>
    </div>
  );
}

/**
 * A warning when the labelled cases give a proportion (accuracy) an interval wider than ± the default target
 * (DEFAULT_PRECISION_TARGET, 95 %), saying how many cases would do; nothing when they are enough.
 */
export function PrecisionNote({
  metric,
  successes,
  cases,
}: {
  /** The proportion's name as the card shows it (Accuracy, Exact agreement). */
  metric: string;
  successes: number;
  cases: number;
}) {
  const w = precisionWarning(successes, cases, DEFAULT_PRECISION_TARGET);
  if (!w) return null;
  return (
    <p className="notice notice-warn agreement-precision" role="note">
      {t('judge.agreement.tooFewLabels', {
        metric,
        cases: w.cases,
        half: pct(w.halfWidth),
        needed: w.casesNeeded,
        target: pct(w.target),
      })}
    </p>
  );
}
