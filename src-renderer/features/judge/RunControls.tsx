import { SelectField } from '../../app/SelectField';
import {
  JUDGE_CONTEXT_LIMIT,
  JUDGE_MODELS,
  JUDGE_PAIR_LIMIT,
  JUDGE_RESERVATION_YUAN,
} from '../../../src-shared/judge/judge-estimate';
import { ErrorNotice } from '../../app/ErrorNotice';
import { formatNumber, t } from '../../i18n/i18n';
import { formatYuan } from './format';
import { JudgeExtraFields } from './JudgeExtraFields';
import { overLimits, parsedStateOf, useJudge } from './judge-store';
import { useJudgeActions } from './use-judge-actions';

/** Shown at their own field (SetBuilder), so not listed again here. */
const FIELD_PATHS = new Set(['set.name']);

export function RunControls() {
  const model = useJudge((s) => s.model);
  const running = useJudge((s) => s.running);
  const error = useJudge((s) => s.error);
  const state = useJudge((s) => s.state);
  const estimate = useJudge((s) => s.estimate);
  const counting = useJudge((s) => s.estimatePending);
  const override = useJudge((s) => s.overrideLimits);
  const setMissing = useJudge((s) => s.setMissing);
  const { setModel, clearError, setOverrideLimits } = useJudge.getState();
  const { run, saveAsNew } = useJudgeActions();
  const stateOk = parsedStateOf(state).ok;
  const over = overLimits(estimate);
  const blocked = over && !override;
  const fmt = (n: number) => formatNumber(n);

  return (
    <section className="card judge-run" aria-label={t('judge.run.title')}>
      <div className="row">
        <SelectField
          id="judge-model"
          label={t('judge.run.model')}
          value={model}
          options={JUDGE_MODELS}
          optionLabel={(m) => t(`judge.model.${m}`)}
          onChange={setModel}
        />
        <button
          type="button"
          className="primary judge-run-button"
          disabled={running || !stateOk || blocked || counting}
          aria-describedby={over ? 'judge-over-limit' : undefined}
          onClick={() => void run()}
        >
          {running ? t('judge.run.running') : t('judge.run.button')}
        </button>
        {running ? (
          <span className="muted small-note" role="status">
            {t('judge.run.progress')}
          </span>
        ) : null}
        {!stateOk ? (
          <span className="muted small-note">{t('judge.run.needState')}</span>
        ) : counting && !running ? (
          <span className="muted small-note" role="status">
            {t('judge.run.counting')}
          </span>
        ) : null}
      </div>
      {over && estimate ? (
        <div id="judge-over-limit" className="notice notice-warn judge-over" role="note">
          <div>
            <p>
              {estimate.overPairLimit
                ? t('judge.run.overPair', { tokens: fmt(estimate.pairTokens), limit: fmt(JUDGE_PAIR_LIMIT) })
                : t('judge.run.overTotal', {
                    tokens: fmt(estimate.totalTokens),
                    limit: fmt(JUDGE_CONTEXT_LIMIT),
                  })}
            </p>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={override}
                onChange={(e) => setOverrideLimits(e.target.checked)}
              />
              {t('judge.run.sendAnyway')}
            </label>
          </div>
        </div>
      ) : null}
      <JudgeExtraFields />
      <p className="small-note muted">{t('judge.run.note')}</p>
      {error ? (
        <>
          <ErrorNotice error={error} onDismiss={clearError} />
          {setMissing ? (
            <div className="notice notice-warn" role="note">
              <div>
                <p>{t('judge.save.missing')}</p>
                <button type="button" className="primary small" onClick={() => void saveAsNew()}>
                  {t('judge.save.asNew')}
                </button>
              </div>
            </div>
          ) : null}
          {error.code === 'payment_required' ? (
            <p className="notice notice-warn judge-402" role="note">
              {t('judge.error.reservation', { amount: formatYuan(JUDGE_RESERVATION_YUAN, 3) })}
            </p>
          ) : null}
          {error.code === 'invalid_input' && error.details?.issues?.length ? (
            <ul className="field-error">
              {error.details.issues
                .filter((i) => !FIELD_PATHS.has(i.path))
                .map((i) => (
                  <li key={i.path}>
                    {i.path}: {i.message}
                  </li>
                ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
