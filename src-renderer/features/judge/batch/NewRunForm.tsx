import { useState } from 'react';
import {
  BATCH_CONCURRENCY_DEFAULT,
  BATCH_CONCURRENCY_MAX,
  BATCH_CONCURRENCY_MIN,
} from '../../../../src-shared/judge/batch-run';
import { JUDGE_MODELS, type JudgeModel } from '../../../../src-shared/judge/judge-estimate';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { useRouteMutation } from '../../../hooks/use-route';
import { useCaseCount } from '../cases/use-case-pages';
import { formatNumber, t } from '../../../i18n/i18n';

/**
 * A new run of the set over all its saved cases or those a filter matches. It is created
 * queued: the selected run's panel then shows the estimate and the Start button.
 */
export function NewRunForm({ setId, onCreated }: { setId: string; onCreated: (id: string) => void }) {
  const [model, setModel] = useState<JudgeModel>(JUDGE_MODELS[0]);
  const [concurrency, setConcurrency] = useState(BATCH_CONCURRENCY_DEFAULT);
  const [scope, setScope] = useState<'all' | 'filter'>('all');
  const [filter, setFilter] = useState('');
  const used = scope === 'filter' ? filter.trim() : '';
  const matching = useCaseCount(setId, used);
  const create = useRouteMutation('judge.batch.create', ['judge.batch.list']);
  const concurrencyOk =
    Number.isInteger(concurrency) &&
    concurrency >= BATCH_CONCURRENCY_MIN &&
    concurrency <= BATCH_CONCURRENCY_MAX;
  const none = matching.data === 0;
  const submit = () =>
    create.mutate(
      { setId, model, concurrency, filter: used || undefined },
      { onSuccess: (run) => onCreated(run.id) },
    );
  return (
    <form
      className="card runs-form"
      aria-label={t('runs.form.title')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3>{t('runs.form.title')}</h3>
      <label>
        {t('runs.form.model')}
        <select value={model} onChange={(e) => setModel(e.target.value as JudgeModel)}>
          {JUDGE_MODELS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('runs.form.concurrency')}
        <input
          type="number"
          min={BATCH_CONCURRENCY_MIN}
          max={BATCH_CONCURRENCY_MAX}
          value={Number.isNaN(concurrency) ? '' : concurrency}
          aria-invalid={!concurrencyOk}
          aria-describedby="runs-concurrency-help"
          onChange={(e) => setConcurrency(e.target.valueAsNumber)}
        />
      </label>
      <span
        id="runs-concurrency-help"
        className={concurrencyOk ? 'small-note muted' : 'small-note field-error'}
      >
        {t('runs.form.concurrencyHelp', { min: BATCH_CONCURRENCY_MIN, max: BATCH_CONCURRENCY_MAX })}
      </span>
      <fieldset className="runs-scope">
        <legend>{t('runs.form.cases')}</legend>
        <label>
          <input type="radio" name="runs-scope" checked={scope === 'all'} onChange={() => setScope('all')} />
          {t('runs.form.allCases')}
        </label>
        <label>
          <input
            type="radio"
            name="runs-scope"
            checked={scope === 'filter'}
            onChange={() => setScope('filter')}
          />
          {t('runs.form.filtered')}
        </label>
        {scope === 'filter' ? (
          <input
            type="search"
            aria-label={t('runs.form.filterText')}
            placeholder={t('runs.form.filterText')}
            value={filter}
            maxLength={200}
            onChange={(e) => setFilter(e.target.value)}
          />
        ) : null}
      </fieldset>
      <p className="small-note muted" aria-live="polite">
        {matching.data === undefined
          ? t('runs.form.counting')
          : t('runs.form.matching', { n: formatNumber(matching.data) })}
      </p>
      {create.error ? <ErrorNotice error={create.error.error} onDismiss={() => create.reset()} /> : null}
      <button type="submit" className="primary" disabled={!concurrencyOk || none || create.isPending}>
        {create.isPending ? t('runs.form.preparing') : t('runs.form.prepare')}
      </button>
    </form>
  );
}
