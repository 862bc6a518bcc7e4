import { useState } from 'react';
import type { BatchProgress, BatchRunView } from '../../../../src-shared/judge/batch-run';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { ConfirmCancelRun } from '../../../app/ConfirmCancelRun';
import { useRouteMutation } from '../../../hooks/use-route';
import { formatNumber, t } from '../../../i18n/i18n';
import { formatYuan } from '../format';
import { useBatchProgress } from './batch-progress-store';
import { formatDuration, pauseHelp } from './run-text';

/** The run's numbers now: the latest progress event, else the run as last fetched. */
export function liveOf(run: BatchRunView, live: BatchProgress | undefined): BatchProgress {
  return (
    live ?? {
      runId: run.id,
      state: run.state,
      done: run.done,
      failed: run.failed,
      total: run.totals.cases,
      tokens: run.tokens,
      yuan: run.yuan,
      concurrency: run.concurrency,
      pauseReason: run.pauseReason,
    }
  );
}

/** Progress of a running or paused run, with pause, resume and cancel (asked first). */
export function RunProgress({ run }: { run: BatchRunView }) {
  const p = liveOf(
    run,
    useBatchProgress((s) => s.byRun[run.id]),
  );
  const [confirming, setConfirming] = useState(false);
  const invalidates = ['judge.batch.list', 'judge.batch.get'] as const;
  const pause = useRouteMutation('judge.batch.pause', [...invalidates]);
  const resume = useRouteMutation('judge.batch.resume', [...invalidates]);
  const cancel = useRouteMutation('judge.batch.cancel', [...invalidates]);
  const error = pause.error ?? resume.error ?? cancel.error;
  const finished = p.done + p.failed;
  const lowered = p.state === 'running' && p.concurrency < run.concurrency;
  const help = p.state === 'paused' && p.pauseReason ? pauseHelp(p.pauseReason) : undefined;
  return (
    <section className="card runs-progress" aria-label={t('runs.progress.title')}>
      <progress
        max={Math.max(1, p.total)}
        value={finished}
        aria-label={t('runs.progress.bar', {
          finished: formatNumber(finished),
          total: formatNumber(p.total),
        })}
      />
      <dl className="runs-stats">
        <div>
          <dt>{t('runs.progress.cases')}</dt>
          <dd>
            {t('runs.list.counts', {
              done: formatNumber(p.done),
              failed: formatNumber(p.failed),
              total: formatNumber(p.total),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('runs.progress.eta')}</dt>
          <dd>{p.state === 'running' && p.etaMs !== undefined ? formatDuration(p.etaMs) : '—'}</dd>
        </div>
        <div>
          <dt>{t('runs.progress.tokens')}</dt>
          <dd>{formatNumber(p.tokens)}</dd>
        </div>
        <div>
          <dt>{t('runs.progress.yuan')}</dt>
          <dd>{formatYuan(p.yuan)}</dd>
        </div>
        <div>
          <dt>{t('runs.progress.concurrency')}</dt>
          <dd>
            {lowered
              ? t('runs.progress.lowered', { now: p.concurrency, asked: run.concurrency })
              : formatNumber(p.concurrency)}
          </dd>
        </div>
      </dl>
      {help ? (
        <div className="notice notice-warn" role="status">
          <div>
            <strong>{help.title}</strong>
            <div className="muted">{p.pauseReason?.message}</div>
            <div>{help.next}</div>
          </div>
        </div>
      ) : null}
      {error ? <ErrorNotice error={error.error} /> : null}
      <div className="row">
        {p.state === 'running' ? (
          <button
            type="button"
            className="small"
            disabled={pause.isPending}
            onClick={() => pause.mutate({ id: run.id })}
          >
            {t('runs.progress.pause')}
          </button>
        ) : null}
        {p.state === 'paused' ? (
          <button
            type="button"
            className="primary small"
            disabled={resume.isPending}
            onClick={() => resume.mutate({ id: run.id })}
          >
            {t('runs.progress.resume')}
          </button>
        ) : null}
        {p.state === 'running' || p.state === 'paused' ? (
          <button type="button" className="danger small" onClick={() => setConfirming(true)}>
            {t('runs.progress.cancel')}
          </button>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmCancelRun
          id="runs-cancel"
          title={t('runs.cancel.title')}
          text={t('runs.cancel.text')}
          confirm={t('runs.cancel.confirm')}
          keep={t('runs.cancel.keep')}
          onConfirm={() => {
            setConfirming(false);
            cancel.mutate({ id: run.id });
          }}
          onKeep={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
