import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { call } from '../../../bridge/api';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { useRoute, useRouteMutation } from '../../../hooks/use-route';
import { t } from '../../../i18n/i18n';
import { CellDetail } from './CellDetail';
import { matrixColumns } from './matrix-columns';
import { type CellRef, MatrixGrid } from './MatrixGrid';
import { refreshCells, useEvalProgress, useEvalProgressFeed } from './run-progress-store';
import { RunEstimate } from './RunEstimate';
import { CONCURRENCY_DEFAULT, CONCURRENCY_MAX, CONCURRENCY_MIN, RunPanel } from './RunPanel';
import { MATRIX_PAGE } from './use-matrix-pages';
import './runs.css';

/**
 * An eval's runs and results (issue 27; docs/architecture.md, "Evals"): the run panel beside the
 * selected run's matrix, and a cell's detail over it. Mounted by the eval's page.
 */
export function EvalRunsView({ evalId }: { evalId: string }) {
  useEvalProgressFeed();
  const stateTick = useEvalProgress((s) => s.stateTick);
  const runs = useRoute('evals.runs.list', { id: evalId });
  const qc = useQueryClient();
  // A run that started, paused or ended: the list's states and the estimate's cache both moved.
  useEffect(() => {
    if (stateTick === 0) return;
    void qc.invalidateQueries({ queryKey: ['evals.runs.list'] });
    void qc.invalidateQueries({ queryKey: ['evals.runs.estimate'] });
  }, [stateTick, qc]);
  const [picked, setPicked] = useState<string>();
  const [concurrency, setConcurrency] = useState(CONCURRENCY_DEFAULT);
  const [open, setOpen] = useState<CellRef>();
  const list = runs.data ?? [];
  const selected = list.find((r) => r.id === picked) ?? list[0];
  const runId = selected?.id;
  const columns = useMemo(() => (selected ? matrixColumns(selected) : []), [selected]);
  const cellsTick = useEvalProgress((s) => (runId ? (s.cellsTick[runId] ?? 0) : 0));
  const live = useEvalProgress((s) => (runId ? s.byRun[runId]?.state : undefined));
  const sending = (live ?? selected?.state) === 'running';
  const mark = useRouteMutation('evals.runs.mark', [], (_, input) => refreshCells(input.runId));

  const load = useCallback(
    (page: number) =>
      call('evals.runs.cells', { runId: runId!, from: page * MATRIX_PAGE, limit: MATRIX_PAGE }),
    [runId],
  );

  return (
    <div className="evalruns">
      <RunPanel
        evalId={evalId}
        runs={list}
        selected={selected}
        onSelect={(id) => {
          setPicked(id);
          setOpen(undefined);
        }}
        concurrency={concurrency}
        onConcurrency={setConcurrency}
        estimate={
          Number.isInteger(concurrency) &&
          concurrency >= CONCURRENCY_MIN &&
          concurrency <= CONCURRENCY_MAX ? (
            <RunEstimate evalId={evalId} concurrency={concurrency} />
          ) : null
        }
      />
      <div className="evalruns-results">
        {runs.error ? <ErrorNotice error={runs.error.error} /> : null}
        {mark.error ? <ErrorNotice error={mark.error.error} onDismiss={() => mark.reset()} /> : null}
        {selected && runId ? (
          <>
            <p className="muted small-note">{t('evalRuns.matrix.keysHint')}</p>
            <MatrixGrid
              columns={columns}
              repeats={selected.repeats}
              layout={runId}
              tick={cellsTick}
              load={load}
              header={(c) => <strong className="matrix-colname">{c.label}</strong>}
              onOpen={setOpen}
              onMark={(cell, m) => mark.mutate({ runId, ...cell, mark: m })}
              empty={t('evalRuns.matrix.empty')}
            />
          </>
        ) : runs.data ? (
          <p className="muted empty-state">{t('evalRuns.matrix.noRun')}</p>
        ) : null}
      </div>
      {open && selected && runId ? (
        <CellDetail
          key={`${open.row}/${open.variantId}/${open.targetId}`}
          runId={runId}
          cell={open}
          columnLabel={
            columns.find((c) => c.variantId === open.variantId && c.targetId === open.targetId)?.label ?? ''
          }
          repeats={selected.repeats}
          runSending={sending}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </div>
  );
}
