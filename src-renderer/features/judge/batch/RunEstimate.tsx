import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { useRoute, useRouteMutation } from '../../../hooks/use-route';
import { formatNumber, t } from '../../../i18n/i18n';
import { formatYuan } from '../format';

/** A queued run: what it will cost and the balance it needs, then Start. */
export function RunEstimate({ run }: { run: BatchRunView }) {
  const estimate = useRoute('judge.batch.estimate', { id: run.id, concurrency: run.concurrency });
  const start = useRouteMutation('judge.batch.start', ['judge.batch.list', 'judge.batch.get']);
  const e = estimate.data;
  return (
    <section className="card runs-estimate" aria-label={t('runs.estimate.title')}>
      <h4>{t('runs.estimate.title')}</h4>
      {estimate.error ? <ErrorNotice error={estimate.error.error} /> : null}
      {e ? (
        <dl className="runs-stats">
          <div>
            <dt>{t('runs.estimate.cases')}</dt>
            <dd>{formatNumber(e.cases)}</dd>
          </div>
          <div>
            <dt>{t('runs.estimate.tokens')}</dt>
            <dd>{formatNumber(e.inputTokens)}</dd>
          </div>
          <div>
            <dt>{t('runs.estimate.cost')}</dt>
            <dd>{formatYuan(e.costYuan)}</dd>
          </div>
          <div>
            <dt>{t('runs.estimate.balance')}</dt>
            <dd>{formatYuan(e.balanceNeededYuan)}</dd>
          </div>
        </dl>
      ) : (
        !estimate.error && <p className="muted">{t('runs.estimate.loading')}</p>
      )}
      {e ? (
        <p className="small-note muted">
          {t('runs.estimate.explain', {
            concurrency: e.concurrency,
            reserved: formatYuan(e.reservedYuan),
          })}
          {e.unreadableCases > 0
            ? ` ${t('runs.estimate.unreadable', { n: formatNumber(e.unreadableCases) })}`
            : ''}
        </p>
      ) : null}
      {start.error ? <ErrorNotice error={start.error.error} onDismiss={() => start.reset()} /> : null}
      <button
        type="button"
        className="primary"
        disabled={!e || start.isPending}
        onClick={() => start.mutate({ id: run.id })}
      >
        {t('runs.estimate.start')}
      </button>
    </section>
  );
}
