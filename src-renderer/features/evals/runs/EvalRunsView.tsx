import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EvalRunView } from '../../../../src-shared/evals/eval-run-views';
import type { EvalRunStats } from '../../../../src-shared/ipc/routes/eval-stats-routes';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { call } from '../../../bridge/api';
import { useRoute, useRouteMutation } from '../../../hooks/use-route';
import { t } from '../../../i18n/i18n';
import { columnId } from './cell-spread';
import { CellDetail } from './CellDetail';
import { ColumnHeader } from './ColumnHeader';
import { ComparePanel } from './ComparePanel';
import { type CompareChoice, filterInput } from './compare-state';
import { matrixColumns } from './matrix-columns';
import { type CellRef, MatrixGrid } from './MatrixGrid';
import { refreshCells, useEvalProgress, useEvalProgressFeed } from './run-progress-store';
import { RunEstimate } from './RunEstimate';
import { RunOut } from './RunOut';
import { CONCURRENCY_DEFAULT, CONCURRENCY_MAX, CONCURRENCY_MIN, RunPanel } from './RunPanel';
import { MATRIX_PAGE, type MatrixPage } from './use-matrix-pages';
import './runs.css';

/** Compared at first: two prompts on the first target (what an eval is mostly for), else the first two columns. */
const firstTwo = (run: EvalRunView): CompareChoice => {
  const cols = matrixColumns(run);
  const b =
    cols.find((c) => c.targetId === cols[0]?.targetId && c.variantId !== cols[0]?.variantId) ?? cols[1];
  return { a: cols[0]?.id, b: b?.id, of: '', filter: 'all' };
};

/** The name, then per figure a line: the checks, each question, latency and cost, rows. */
const headHeight = (stats: EvalRunStats | undefined) =>
  Math.max(72, 30 + (stats ? 3 + (stats.columns[0]?.questions.length ?? 0) : 1) * 16);

/** The selected run's matrix, its column statistics, compare and filters, and its export. */
function RunResults({ run, onOpen }: { run: EvalRunView; onOpen: (c: CellRef) => void }) {
  const runId = run.id;
  const qc = useQueryClient();
  const columns = useMemo(() => matrixColumns(run), [run]);
  const [choice, setChoice] = useState<CompareChoice>(() => firstTwo(run));
  const cellsTick = useEvalProgress((s) => s.cellsTick[runId] ?? 0);
  const statsTick = useEvalProgress((s) => s.statsTick[runId] ?? 0);
  const sending = useEvalProgress((s) => (s.byRun[runId]?.state ?? run.state) === 'running');
  // The stats are the whole run's (seconds of a worker on a large run): fetched once, and again only
  // when they are invalidated — the run stops sending, a cell is sent again or marked.
  const stats = useRoute('evals.runs.stats', { runId, marksOf: 'checks' }, { staleTime: Infinity });
  useEffect(() => {
    if (statsTick === 0) return;
    void qc.invalidateQueries({ queryKey: ['evals.runs.stats'] });
    void qc.invalidateQueries({ queryKey: ['evals.runs.compare'] });
  }, [statsTick, qc]);
  const mark = useRouteMutation('evals.runs.mark', [], (_, input) => {
    refreshCells(input.runId);
    // A mark moves only the grader's agreement with the marks.
    void qc.invalidateQueries({ queryKey: ['evals.runs.stats'] });
  });
  const filter = filterInput(choice, columns);
  const [matching, setMatching] = useState<number>();
  const load = useCallback(
    async (page: number): Promise<MatrixPage> => {
      if (!filter) return call('evals.runs.cells', { runId, from: page * MATRIX_PAGE, limit: MATRIX_PAGE });
      const found = await call('evals.runs.filter', {
        runId,
        filter,
        from: page * MATRIX_PAGE,
        limit: MATRIX_PAGE,
      });
      setMatching(found.total);
      if (found.positions.length === 0) return { total: found.total, rows: [] };
      const cells = await call('evals.runs.cells', { runId, rows: found.positions });
      return { total: found.total, rows: cells.rows };
    },
    // The filter is one value per choice: its JSON names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [runId, JSON.stringify(filter)],
  );
  const byColumn = useMemo(
    () =>
      new Map((stats.data?.columns ?? []).map((s) => [columnId(s.column.variantId, s.column.targetId), s])),
    [stats.data],
  );
  return (
    <>
      <ComparePanel
        runId={runId}
        columns={columns}
        stats={stats.data}
        choice={choice}
        onChoice={(c) => {
          setMatching(undefined);
          setChoice(c);
        }}
        matching={filter ? matching : undefined}
      />
      <div className="row evalruns-matrix-tools">
        <p className="muted small-note grow">
          {t('evalRuns.matrix.keysHint')}
          {run.state === 'running' ? ` ${t('evalRuns.stats.stale')}` : ''}
        </p>
        <RunOut runId={runId} />
      </div>
      {stats.error ? <ErrorNotice error={stats.error.error} /> : null}
      {mark.error ? <ErrorNotice error={mark.error.error} onDismiss={() => mark.reset()} /> : null}
      <MatrixGrid
        columns={columns}
        repeats={run.repeats}
        layout={`${runId}|${JSON.stringify(filter ?? null)}`}
        // A filter reads every cell of the run (seconds on a large one): while the run sends, its rows
        // are asked again with the stats, not every 2 s.
        tick={filter && sending ? statsTick : cellsTick}
        load={load}
        header={(c) => <ColumnHeader column={c} stats={byColumn.get(c.id)} loading={stats.isFetching} />}
        onOpen={onOpen}
        onMark={(cell, m) => mark.mutate({ runId, ...cell, mark: m })}
        empty={filter ? t('evalRuns.filter.none') : t('evalRuns.matrix.empty')}
        headHeight={headHeight(stats.data)}
      />
    </>
  );
}

/**
 * An eval's runs and results (issue 27; docs/architecture.md, "Evals"): the run panel beside the
 * selected run's compare panel and matrix, and a cell's detail over them. Mounted by the eval's
 * editor as its Runs view (EvalRunsLazy.tsx).
 */
export function EvalRunsView({ evalId }: { evalId: string }) {
  useEvalProgressFeed();
  const qc = useQueryClient();
  const stateTick = useEvalProgress((s) => s.stateTick);
  const runs = useRoute('evals.runs.list', { id: evalId });
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
  const live = useEvalProgress((s) => (selected ? s.byRun[selected.id]?.state : undefined));
  const sending = (live ?? selected?.state) === 'running';
  const validConcurrency =
    Number.isInteger(concurrency) && concurrency >= CONCURRENCY_MIN && concurrency <= CONCURRENCY_MAX;

  return (
    <div className="evalruns-frame">
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
          estimate={validConcurrency ? <RunEstimate evalId={evalId} concurrency={concurrency} /> : null}
        />
        <div className="evalruns-results">
          {runs.error ? <ErrorNotice error={runs.error.error} /> : null}
          {selected ? (
            <RunResults key={selected.id} run={selected} onOpen={setOpen} />
          ) : runs.data ? (
            <p className="muted empty-state">{t('evalRuns.matrix.noRun')}</p>
          ) : null}
        </div>
      </div>
      {open && selected ? (
        <CellDetail
          key={`${open.row}/${open.variantId}/${open.targetId}`}
          runId={selected.id}
          cell={open}
          columnLabel={
            matrixColumns(selected).find(
              (c) => c.variantId === open.variantId && c.targetId === open.targetId,
            )?.label ?? ''
          }
          repeats={selected.repeats}
          runSending={sending}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </div>
  );
}
