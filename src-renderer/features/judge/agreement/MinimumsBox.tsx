import { useId, useState } from 'react';
import type { SetTuning } from '../../../../src-shared/judge/set-tuning';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { asAppError } from '../../../bridge/api';
import { t } from '../../../i18n/i18n';
import { useSaveTuning } from './use-set-tuning';

type Field = 'accuracy' | 'auc';

/** Blank is "no minimum"; anything else must read as a number from 0 to 1. */
function parse(text: string): { value: number | undefined; ok: boolean } {
  if (text.trim() === '') return { value: undefined, ok: true };
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? { value: n, ok: true } : { value: undefined, ok: false };
}

const show = (v: number | undefined) => (v === undefined ? '' : String(v));

/** The set's minimum accuracy and AUC, saved with the thresholds as the next revision. */
export function MinimumsBox({ setId, tuning }: { setId: string; tuning: SetTuning }) {
  const [text, setText] = useState<Record<Field, string>>({
    accuracy: show(tuning.minimums.accuracy),
    auc: show(tuning.minimums.auc),
  });
  const save = useSaveTuning(setId);
  const ids = { accuracy: useId(), auc: useId() };
  const parsed = { accuracy: parse(text.accuracy), auc: parse(text.auc) };
  const valid = parsed.accuracy.ok && parsed.auc.ok;
  const dirty =
    parsed.accuracy.value !== tuning.minimums.accuracy || parsed.auc.value !== tuning.minimums.auc;

  const onSave = () => {
    const minimums: SetTuning['minimums'] = {};
    if (parsed.accuracy.value !== undefined) minimums.accuracy = parsed.accuracy.value;
    if (parsed.auc.value !== undefined) minimums.auc = parsed.auc.value;
    save.mutate((inForce) => ({ ...inForce, minimums }));
  };

  const field = (f: Field, label: string) => (
    <div className="agreement-minimum">
      <label htmlFor={ids[f]}>{label}</label>
      <input
        id={ids[f]}
        type="number"
        inputMode="decimal"
        min={0}
        max={1}
        step={0.01}
        placeholder={t('judge.agreement.noMinimum')}
        value={text[f]}
        aria-invalid={parsed[f].ok ? undefined : true}
        aria-describedby={parsed[f].ok ? undefined : `${ids[f]}-error`}
        onChange={(e) => setText({ ...text, [f]: e.target.value })}
      />
      {parsed[f].ok ? null : (
        <span id={`${ids[f]}-error`} className="field-error small-note">
          {t('judge.agreement.minimumRule')}
        </span>
      )}
    </div>
  );

  return (
    <section className="card agreement-minimums" aria-label={t('judge.agreement.minimums')}>
      <h4>{t('judge.agreement.minimums')}</h4>
      <p className="small-note muted">{t('judge.agreement.minimumsHelp')}</p>
      <div className="row">
        {field('accuracy', t('judge.agreement.minAccuracy'))}
        {field('auc', t('judge.agreement.minAuc'))}
      </div>
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={!valid || !dirty || save.isPending}
          onClick={onSave}
        >
          {save.isPending ? t('judge.agreement.saving') : t('judge.agreement.saveMinimums')}
        </button>
        {dirty ? <span className="badge agreement-dirty">{t('judge.agreement.unsaved')}</span> : null}
      </div>
      {save.error ? <ErrorNotice error={asAppError(save.error)} onDismiss={() => save.reset()} /> : null}
    </section>
  );
}
