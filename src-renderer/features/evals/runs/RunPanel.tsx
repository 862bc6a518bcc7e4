import type { ReactNode } from 'react';
import type { EvalRunView } from '../../../../src-shared/evals/eval-run-views';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { useRouteMutation } from '../../../hooks/use-route';
import { t } from '../../../i18n/i18n';
import { RunHistory } from './RunHistory';
import { RunProgressCard } from './RunProgressCard';

/** The batch runner's limits (src-shared/judge/batch-run.ts), kept here so the tab loads no zod. */
export const CONCURRENCY_MIN = 1;
export const CONCURRENCY_MAX = 16;
export const CONCURRENCY_DEFAULT = 4;

interface Props {
  evalId: string;
  runs: EvalRunView[];
  selected: EvalRunView | undefined;
  onSelect: (runId: string) => void;
  concurrency: number;
  onConcurrency: (n: number) => void;
  /** The estimate of a new run, shown before Start. */
  estimate?: ReactNode;
}

/**
 * Before a run, its estimate, the concurrency and Start (Ctrl/Cmd+Enter); then the selected run's
 * live progress and controls; and the eval's run history to pick a run from.
 */
export function RunPanel({ evalId, runs, selected, onSelect, concurrency, onConcurrency, estimate }: Props) {
  const start = useRouteMutation('evals.runs.start', ['evals.runs.list', 'evals.runs.estimate'], (run) =>
    onSelect(run.id),
  );
  const valid =
    Number.isInteger(concurrency) && concurrency >= CONCURRENCY_MIN && concurrency <= CONCURRENCY_MAX;
  const sending = runs.some((r) => r.state === 'running');
  const canStart = valid && !start.isPending;
  const doStart = () => canStart && start.mutate({ id: evalId, concurrency });
  return (
    <section
      className="evalruns-panel"
      aria-label={t('evalRuns.panel.title')}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
          e.preventDefault();
          doStart();
        }
      }}
    >
      <div className="card evalruns-new">
        <h4>{t('evalRuns.new.title')}</h4>
        {estimate}
        <div className="row">
          <label className="field evalruns-concurrency">
            {t('evalRuns.new.concurrency')}
            <input
              type="number"
              min={CONCURRENCY_MIN}
              max={CONCURRENCY_MAX}
              value={Number.isNaN(concurrency) ? '' : concurrency}
              aria-invalid={!valid}
              onChange={(e) => onConcurrency(e.target.valueAsNumber)}
            />
          </label>
          <button
            type="button"
            className="primary"
            disabled={!canStart}
            aria-keyshortcuts="Control+Enter Meta+Enter"
            title={t('evalRuns.new.startKeys')}
            onClick={doStart}
          >
            {t('evalRuns.new.start')}
          </button>
        </div>
        {!valid ? (
          <p className="field-error">
            {t('evalRuns.new.concurrencyRange', { min: CONCURRENCY_MIN, max: CONCURRENCY_MAX })}
          </p>
        ) : null}
        {sending ? <p className="muted small-note">{t('evalRuns.new.another')}</p> : null}
        {start.error ? <ErrorNotice error={start.error.error} onDismiss={() => start.reset()} /> : null}
      </div>
      {selected ? (
        <RunProgressCard run={selected} concurrency={valid ? concurrency : CONCURRENCY_DEFAULT} />
      ) : null}
      <RunHistory runs={runs} selectedId={selected?.id} onPick={onSelect} />
    </section>
  );
}
