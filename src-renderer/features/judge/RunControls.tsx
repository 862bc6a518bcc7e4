import {
  JUDGE_MODELS,
  JUDGE_RESERVATION_YUAN,
  type JudgeModel,
} from '../../../src-main/core/judge/judge-estimate';
import { parseState } from '../../../src-main/core/judge/state-input';
import { ErrorNotice } from '../../app/ErrorNotice';
import { t } from '../../i18n/i18n';
import { formatYuan } from './format';
import { useJudge } from './judge-store';
import { useJudgeActions } from './use-judge-actions';

export function RunControls() {
  const model = useJudge((s) => s.model);
  const running = useJudge((s) => s.running);
  const error = useJudge((s) => s.error);
  const state = useJudge((s) => s.state);
  const { setModel, clearError } = useJudge.getState();
  const { run } = useJudgeActions();
  const stateOk = parseState(state).ok;

  return (
    <section className="card judge-run" aria-label={t('judge.run.title')}>
      <div className="row">
        <div className="field">
          <label htmlFor="judge-model">{t('judge.run.model')}</label>
          <select id="judge-model" value={model} onChange={(e) => setModel(e.target.value as JudgeModel)}>
            {JUDGE_MODELS.map((m) => (
              <option key={m} value={m}>
                {t(`judge.model.${m}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="primary judge-run-button"
          disabled={running || !stateOk}
          onClick={() => void run()}
        >
          {running ? t('judge.run.running') : t('judge.run.button')}
        </button>
        {running ? (
          <span className="muted small-note" role="status">
            {t('judge.run.progress')}
          </span>
        ) : null}
        {!stateOk ? <span className="muted small-note">{t('judge.run.needState')}</span> : null}
      </div>
      <p className="small-note muted">{t('judge.run.note')}</p>
      {error ? (
        <>
          <ErrorNotice error={error} onDismiss={clearError} />
          {error.code === 'payment_required' ? (
            <p className="notice notice-warn judge-402" role="note">
              {t('judge.error.reservation', { amount: formatYuan(JUDGE_RESERVATION_YUAN, 4) })}
            </p>
          ) : null}
          {error.code === 'invalid_input' && error.details?.issues?.length ? (
            <ul className="field-error">
              {error.details.issues.map((i) => (
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
