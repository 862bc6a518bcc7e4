import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import { formatDateTime, formatNumber, t } from '../../../i18n/i18n';
import { formatYuan } from '../format';
import { useBatchProgress } from './batch-progress-store';
import { stateLabel } from './run-text';

/** One run in the list; live counts come from the progress store, so only this row re-renders. */
function RunRow({ run, selected, onSelect }: { run: BatchRunView; selected: boolean; onSelect: () => void }) {
  const live = useBatchProgress((s) => s.byRun[run.id]);
  const done = live?.done ?? run.done;
  const failed = live?.failed ?? run.failed;
  const total = live?.total ?? run.totals.cases;
  const yuan = live?.yuan ?? run.yuan;
  const state = live?.state ?? run.state;
  return (
    <li>
      <button
        type="button"
        className={selected ? 'runs-item selected' : 'runs-item'}
        aria-pressed={selected}
        onClick={onSelect}
      >
        <span className="runs-item-model">{run.model}</span>
        <span className={`runs-state runs-state-${state}`}>{stateLabel(state)}</span>
        <span className="muted">
          {t('runs.list.counts', {
            done: formatNumber(done),
            failed: formatNumber(failed),
            total: formatNumber(total),
          })}
        </span>
        <span className="muted">{formatYuan(yuan)}</span>
        <span className="muted small-note">{formatDateTime(run.createdAt)}</span>
      </button>
    </li>
  );
}

export function RunList({
  runs,
  selectedId,
  onSelect,
}: {
  runs: BatchRunView[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="runs-list" aria-label={t('runs.list.title')}>
      {runs.map((r) => (
        <RunRow key={r.id} run={r} selected={r.id === selectedId} onSelect={() => onSelect(r.id)} />
      ))}
    </ul>
  );
}
