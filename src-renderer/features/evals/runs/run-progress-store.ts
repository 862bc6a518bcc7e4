import { useEffect } from 'react';
import { create } from 'zustand';
import type { EvalRunProgress } from '../../../../src-shared/evals/eval-run-views';
import { onEvent } from '../../../bridge/api';

/**
 * Live progress of an eval's runs, apart from the matrix (as the judge's batch-progress-store):
 * events come up to five a second per run; only the progress card re-renders on each. The
 * matrix reads `cellsTick`, which moves at most every CELLS_REFRESH_MS while a run sends, and
 * the column headers read `statsTick`, which moves only when a run stops sending (the stats are
 * the whole run's: computing them per cell would cost far more than they tell).
 */
export const CELLS_REFRESH_MS = 2_000;

interface ProgressState {
  byRun: Record<string, EvalRunProgress>;
  cellsTick: Record<string, number>;
  statsTick: Record<string, number>;
  /** Bumped when any run changed state: the run list is fetched again. */
  stateTick: number;
  receive: (p: EvalRunProgress, now: number) => void;
}

const lastCellsAt = new Map<string, number>();
const bump = (m: Record<string, number>, id: string) => ({ ...m, [id]: (m[id] ?? 0) + 1 });

export const useEvalProgress = create<ProgressState>((set, get) => ({
  byRun: {},
  cellsTick: {},
  statsTick: {},
  stateTick: 0,
  receive: (p, now) => {
    const before = get().byRun[p.runId];
    const stateChanged = before === undefined || before.state !== p.state;
    const sending = p.state === 'running';
    const cellsDue = stateChanged || !sending || now - (lastCellsAt.get(p.runId) ?? 0) >= CELLS_REFRESH_MS;
    if (cellsDue) lastCellsAt.set(p.runId, now);
    // The stats change meaningfully once the run stops sending (done, paused, cancelled).
    const statsDue = before !== undefined && before.state === 'running' && !sending;
    set((s) => ({
      byRun: { ...s.byRun, [p.runId]: p },
      cellsTick: cellsDue ? bump(s.cellsTick, p.runId) : s.cellsTick,
      statsTick: statsDue ? bump(s.statsTick, p.runId) : s.statsTick,
      stateTick: stateChanged ? s.stateTick + 1 : s.stateTick,
    }));
  },
}));

/** Listens to the runs' progress while the runs panel is open; forgets it when it closes. */
export function useEvalProgressFeed(): void {
  useEffect(() => {
    const off = onEvent('evals.run.progress', (p) => useEvalProgress.getState().receive(p, Date.now()));
    return () => {
      off();
      lastCellsAt.clear();
      useEvalProgress.setState({ byRun: {} });
    };
  }, []);
}

/** The matrix of `runId` fetches its pages again (a mark, a retried cell). */
export function refreshCells(runId: string): void {
  useEvalProgress.setState((s) => ({ cellsTick: bump(s.cellsTick, runId) }));
}

/** The column headers of `runId` fetch the stats again (a retried cell changed them). */
export function refreshStats(runId: string): void {
  useEvalProgress.setState((s) => ({ statsTick: bump(s.statsTick, runId) }));
}

/** For tests: forget what was received. */
export function resetEvalProgress(): void {
  lastCellsAt.clear();
  useEvalProgress.setState({ byRun: {}, cellsTick: {}, statsTick: {}, stateTick: 0 });
}
