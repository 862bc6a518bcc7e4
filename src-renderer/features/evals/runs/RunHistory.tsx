import { useRef } from 'react';
import type { EvalRunView } from '../../../../src-shared/evals/eval-run-views';
import { formatDateTime, formatNumber, t } from '../../../i18n/i18n';
import { useEvalProgress } from './run-progress-store';
import { liveOf } from './RunProgressCard';

function HistoryItem({ run, selected, onPick }: { run: EvalRunView; selected: boolean; onPick: () => void }) {
  const p = liveOf(
    run,
    useEvalProgress((s) => s.byRun[run.id]),
  );
  return (
    <button
      type="button"
      className={selected ? 'evalruns-history-item selected' : 'evalruns-history-item'}
      aria-pressed={selected}
      onClick={onPick}
    >
      <span>{formatDateTime(run.createdAt)}</span>
      <span className="muted">
        {t(`evalRuns.state.${p.state}`)} ·{' '}
        {t('evalRuns.progress.counts', {
          done: formatNumber(p.done),
          failed: formatNumber(p.failed),
          total: formatNumber(p.total),
        })}
      </span>
    </button>
  );
}

/** The eval's runs, newest first; pick one to view (↑ / ↓ move between them). */
export function RunHistory({
  runs,
  selectedId,
  onPick,
}: {
  runs: EvalRunView[];
  selectedId: string | undefined;
  onPick: (runId: string) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  if (runs.length === 0) return <p className="muted small-note">{t('evalRuns.history.empty')}</p>;
  return (
    <nav aria-label={t('evalRuns.history.title')}>
      <h4>{t('evalRuns.history.title')}</h4>
      <ul
        ref={list}
        className="evalruns-history"
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
          const at = runs.findIndex((r) => r.id === selectedId);
          const next = Math.min(runs.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
          e.preventDefault();
          onPick(runs[next].id);
          list.current?.querySelectorAll('button')[next]?.focus();
        }}
      >
        {runs.map((r) => (
          <li key={r.id}>
            <HistoryItem run={r} selected={r.id === selectedId} onPick={() => onPick(r.id)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
