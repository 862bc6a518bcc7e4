import { useState } from 'react';
import type { EvalRunProgress, EvalRunView } from '../../../../src-shared/evals/eval-run-views';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { ConfirmCancelRun } from '../../../app/ConfirmCancelRun';
import { useRouteMutation } from '../../../hooks/use-route';
import { formatNumber, t } from '../../../i18n/i18n';
import { pauseHelp } from './pause-help';
import { useEvalProgress } from './run-progress-store';

/** The run's numbers now: the latest progress event, else the run as last fetched. */
export function liveOf(run: EvalRunView, live: EvalRunProgress | undefined): EvalRunProgress {
  return (
    live ?? {
      runId: run.id,
      evalId: run.evalId,
      state: run.state,
      total: run.plan.cells,
      done: run.done,
      failed: run.failed,
      cached: 0,
      sent: 0,
      rateLimited: 0,
      concurrency: 0,
      pauseReason: run.pauseReason,
    }
  );
}

const INVALIDATES = ['evals.runs.list', 'evals.runs.get'] as const;

/**
 * A run's progress (done / failed of its cells, sent and from the cache, 429s, the concurrency in
 * force, why it paused and what to do) with Pause, Resume (at the concurrency chosen above) and
 * Cancel, asked first since it aborts the requests in flight.
 */
export function RunProgressCard({ run, concurrency }: { run: EvalRunView; concurrency: number }) {
  const p = liveOf(
    run,
    useEvalProgress((s) => s.byRun[run.id]),
  );
  const [confirming, setConfirming] = useState(false);
  const pause = useRouteMutation('evals.runs.pause', [...INVALIDATES]);
  const resume = useRouteMutation('evals.runs.resume', [...INVALIDATES]);
  const cancel = useRouteMutation('evals.runs.cancel', [...INVALIDATES]);
  const error = pause.error ?? resume.error ?? cancel.error;
  const finished = p.done + p.failed;
  const help = p.state === 'paused' && p.pauseReason ? pauseHelp(p.pauseReason) : undefined;
  const going = p.state === 'running' || p.state === 'paused' || p.state === 'queued';
  return (
    <section className="card evalruns-progress" aria-label={t('evalRuns.progress.title')}>
      <div className="row">
        <strong>{t(`evalRuns.state.${p.state}`)}</strong>
        <span className="muted">
          {t('evalRuns.progress.counts', {
            done: formatNumber(p.done),
            failed: formatNumber(p.failed),
            total: formatNumber(p.total),
          })}
        </span>
      </div>
      <progress
        max={Math.max(1, p.total)}
        value={finished}
        aria-label={t('evalRuns.progress.bar', {
          finished: formatNumber(finished),
          total: formatNumber(p.total),
        })}
      />
      {p.state === 'running' || p.sent + p.cached > 0 ? (
        <dl className="evalruns-stats">
          <div>
            <dt>{t('evalRuns.progress.sent')}</dt>
            <dd>{formatNumber(p.sent)}</dd>
          </div>
          <div>
            <dt>{t('evalRuns.progress.cached')}</dt>
            <dd>{formatNumber(p.cached)}</dd>
          </div>
          <div>
            <dt>{t('evalRuns.progress.rateLimited')}</dt>
            <dd>{formatNumber(p.rateLimited)}</dd>
          </div>
          <div>
            <dt>{t('evalRuns.progress.concurrency')}</dt>
            <dd>{p.concurrency > 0 ? formatNumber(p.concurrency) : '—'}</dd>
          </div>
        </dl>
      ) : null}
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
      {going ? (
        <div className="row">
          {p.state === 'running' ? (
            <button
              type="button"
              className="small"
              disabled={pause.isPending}
              onClick={() => pause.mutate({ runId: run.id })}
            >
              {t('evalRuns.progress.pause')}
            </button>
          ) : null}
          {p.state === 'paused' ? (
            <button
              type="button"
              className="primary small"
              disabled={resume.isPending}
              onClick={() => resume.mutate({ runId: run.id, concurrency })}
            >
              {t('evalRuns.progress.resume', { n: concurrency })}
            </button>
          ) : null}
          <button type="button" className="danger small" onClick={() => setConfirming(true)}>
            {t('evalRuns.progress.cancel')}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmCancelRun
          id="evalruns-cancel"
          title={t('evalRuns.cancel.title')}
          text={t('evalRuns.cancel.text')}
          confirm={t('evalRuns.cancel.confirm')}
          keep={t('evalRuns.cancel.keep')}
          onConfirm={() => {
            setConfirming(false);
            cancel.mutate({ runId: run.id });
          }}
          onKeep={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
