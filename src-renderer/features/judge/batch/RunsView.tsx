import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BatchRunView } from '../../../../src-shared/judge/batch-run';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { useRoute } from '../../../hooks/use-route';
import { useCaseCount } from '../cases/use-case-pages';
import { formatDateTime, formatNumber, t } from '../../../i18n/i18n';
import { useWorkbench } from '../workbench-store';
import { useBatchProgress, useProgressFeed } from './batch-progress-store';
import { CaseDialog } from './CaseDialog';
import { NewRunForm } from './NewRunForm';
import { ResultsGrid } from './ResultsGrid';
import { RunEstimate } from './RunEstimate';
import { RunExport } from './RunExport';
import { RunList } from './RunList';
import { RunProgress } from './RunProgress';
import { stateLabel } from './run-text';
import './runs.css';

/** The selected run: its header with the results' export, its estimate or progress, its grid. */
function SelectedRun({ runId }: { runId: string }) {
  const tick = useBatchProgress((s) => s.gridTick[runId] ?? 0);
  const got = useRoute('judge.batch.get', { id: runId });
  const qc = useQueryClient();
  const [openCase, setOpenCase] = useState<string>();
  // The run record (versions, state) is read again with the grid, not on every progress event.
  useEffect(() => {
    if (tick > 0) void qc.invalidateQueries({ queryKey: ['judge.batch.get', { id: runId }] });
  }, [tick, runId, qc]);
  const liveState = useBatchProgress((s) => s.byRun[runId]?.state);
  if (got.error) return <ErrorNotice error={got.error.error} />;
  const run: BatchRunView | undefined = got.data;
  if (!run) return <p className="muted">{t('runs.grid.loading')}</p>;
  const state = liveState ?? run.state;
  const versions = Object.entries(run.versions);
  return (
    <section className="runs-selected" aria-label={t('runs.selected.title', { model: run.model })}>
      <header className="row runs-selected-head">
        <h3 className="grow">
          {run.model} · {stateLabel(state)}{' '}
          <span className="muted small-note">
            {t('runs.selected.meta', { revision: run.setRevision, date: formatDateTime(run.createdAt) })}
          </span>
        </h3>
        <RunExport key={runId} runId={runId} />
      </header>
      {versions.length > 1 ? (
        <div className="notice notice-warn" role="note">
          {t('runs.selected.versions', {
            list: versions.map(([v, n]) => `${v} (${formatNumber(n)})`).join(', '),
          })}
        </div>
      ) : null}
      {state === 'queued' ? <RunEstimate run={run} /> : null}
      {state === 'running' || state === 'paused' ? <RunProgress run={run} /> : null}
      {state !== 'queued' ? <ResultsGrid runId={run.id} onOpen={setOpenCase} /> : null}
      {openCase ? (
        <CaseDialog runId={run.id} caseId={openCase} onClose={() => setOpenCase(undefined)} />
      ) : null}
    </section>
  );
}

/** The Batch runs view of a saved set: its runs, a form for a new one, and the selected run. */
export function RunsView({ setId }: { setId: string }) {
  useProgressFeed();
  const runs = useRoute('judge.batch.list', { setId });
  const cases = useCaseCount(setId, '');
  const runId = useWorkbench((s) => s.runId);
  const selectRun = useWorkbench((s) => s.selectRun);
  const setView = useWorkbench((s) => s.setView);
  const stateTick = useBatchProgress((s) => s.stateTick);
  const qc = useQueryClient();
  useEffect(() => {
    if (stateTick > 0) void qc.invalidateQueries({ queryKey: ['judge.batch.list'] });
  }, [stateTick, qc]);
  const list = runs.data ?? [];
  const selected = list.find((r) => r.id === runId)?.id;

  if (cases.data === 0 && list.length === 0)
    return (
      <div className="runs-view">
        <div className="empty-state runs-empty">
          <p>{t('runs.empty.noCases')}</p>
          <button type="button" className="primary" onClick={() => setView('cases')}>
            {t('runs.empty.toCases')}
          </button>
        </div>
      </div>
    );
  return (
    <div className="runs-view">
      <div className="runs-top">
        <section className="runs-list-wrap" aria-label={t('runs.list.title')}>
          <h3>{t('runs.list.title')}</h3>
          {runs.error ? <ErrorNotice error={runs.error.error} /> : null}
          {runs.data && list.length === 0 ? <p className="muted">{t('runs.empty.noRuns')}</p> : null}
          {list.length > 0 ? <RunList runs={list} selectedId={selected} onSelect={selectRun} /> : null}
        </section>
        {cases.data === 0 ? (
          <div className="card runs-form">
            <p className="muted">{t('runs.empty.noCases')}</p>
            <button type="button" onClick={() => setView('cases')}>
              {t('runs.empty.toCases')}
            </button>
          </div>
        ) : (
          <NewRunForm setId={setId} onCreated={selectRun} />
        )}
      </div>
      {selected ? <SelectedRun key={selected} runId={selected} /> : null}
      {!selected && list.length > 0 ? <p className="muted runs-pick">{t('runs.empty.pick')}</p> : null}
    </div>
  );
}
