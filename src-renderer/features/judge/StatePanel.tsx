import { useEffect } from 'react';
import { StateModeRadios } from './StateModeRadios';
import {
  JUDGE_CONTEXT_LIMIT,
  JUDGE_PAIR_LIMIT,
  JUDGE_RESERVATION_YUAN,
} from '../../../src-shared/judge/judge-estimate';
import type { ParsedState } from '../../../src-shared/judge/state-input';
import { formatNumber, type MessageKey, t } from '../../i18n/i18n';
import { formatYuan } from './format';
import { parsedStateOf, useJudge } from './judge-store';
import { useTokenEstimate } from './use-token-estimate';

/** The parse problem in the window's language (state-input.ts gives a code and params). */
export function stateProblem(parsed: Extract<ParsedState, { ok: false }>): string {
  return t(`judge.stateRule.${parsed.code}` as MessageKey, parsed.params);
}

export function StatePanel() {
  const state = useJudge((s) => s.state);
  const questions = useJudge((s) => s.draft.questions);
  const model = useJudge((s) => s.model);
  const setState = useJudge((s) => s.setState);
  const parsed = parsedStateOf(state);
  const value = parsed.ok ? parsed.value : undefined;
  const { estimate, pending } = useTokenEstimate(value, questions, model);
  // RunControls blocks a run over the limits, or before the estimate is in, so it lives in the store too.
  useEffect(() => useJudge.getState().setEstimate(estimate, pending), [estimate, pending]);
  const showError = !parsed.ok && state.text.trim() !== '';

  return (
    <section className="card judge-state" aria-label={t('judge.state.title')}>
      <h3>{t('judge.state.title')}</h3>
      <StateModeRadios
        name="judge-state-mode"
        mode={state.mode}
        onChange={(mode) => setState({ ...state, mode })}
      />
      <div className="field">
        <label htmlFor="judge-state-text">{t('judge.state.label')}</label>
        <textarea
          id="judge-state-text"
          rows={6}
          spellCheck={state.mode === 'text'}
          className={state.mode === 'text' ? undefined : 'mono'}
          placeholder={t(`judge.state.placeholder.${state.mode}`)}
          value={state.text}
          onChange={(e) => setState({ ...state, text: e.target.value })}
          aria-invalid={showError ? true : undefined}
          aria-describedby="judge-state-help"
        />
        <span id="judge-state-help" className={showError ? 'field-error' : 'small-note muted'}>
          {showError && !parsed.ok
            ? `${t('judge.state.label')} ${stateProblem(parsed)}`
            : parsed.ok && Array.isArray(parsed.value)
              ? t('judge.state.listCount', { count: parsed.value.length })
              : t(`judge.state.help.${state.mode}`)}
        </span>
      </div>
      <div className="judge-estimate small-note" aria-live="polite" aria-label={t('judge.estimate.title')}>
        {estimate ? (
          <>
            <span className={estimate.overPairLimit ? 'field-error' : undefined}>
              {t('judge.estimate.pair', {
                tokens: formatNumber(estimate.pairTokens),
                limit: formatNumber(JUDGE_PAIR_LIMIT),
              })}
            </span>
            <span className={estimate.overContextLimit ? 'field-error' : undefined}>
              {t('judge.estimate.total', {
                tokens: formatNumber(estimate.totalTokens),
                limit: formatNumber(JUDGE_CONTEXT_LIMIT),
              })}
            </span>
            <span>{t('judge.estimate.cost', { cost: formatYuan(estimate.costYuan) })}</span>
            <span className="muted">
              {t('judge.estimate.reservation', { amount: formatYuan(JUDGE_RESERVATION_YUAN, 3) })}
            </span>
            {estimate.overPairLimit || estimate.overContextLimit ? (
              <span className="field-error">{t('judge.estimate.over')}</span>
            ) : null}
          </>
        ) : (
          <span className="muted">{t('judge.estimate.loading')}</span>
        )}
      </div>
    </section>
  );
}
