import { useEffect } from 'react';
import { create } from 'zustand';
import type { BatchProgress } from '../../../../src-shared/judge/batch-run';
import { onEvent } from '../../../bridge/api';

/**
 * Live progress of batch runs, apart from the grid: progress arrives about five times a second
 * per run, and only the small parts that show it (the bar, a list row) re-render on each event.
 * The results grid reads `gridTick`, which moves at most every GRID_REFRESH_MS while a run goes
 * and at once when its state changes, so the grid refetches its page rarely.
 */
export const GRID_REFRESH_MS = 2_000;

interface ProgressState {
  byRun: Record<string, BatchProgress>;
  /** By run: bumped when the grid should fetch its page again. */
  gridTick: Record<string, number>;
  /** Bumped when a run changed state: the list of runs is fetched again. */
  stateTick: number;
  receive: (p: BatchProgress, now: number) => void;
}

const lastTickAt = new Map<string, number>();

export const useBatchProgress = create<ProgressState>((set, get) => ({
  byRun: {},
  gridTick: {},
  stateTick: 0,
  receive: (p, now) => {
    const before = get().byRun[p.runId];
    const stateChanged = before !== undefined && before.state !== p.state;
    const due = now - (lastTickAt.get(p.runId) ?? 0) >= GRID_REFRESH_MS;
    const tick = stateChanged || due || p.state !== 'running';
    if (tick) lastTickAt.set(p.runId, now);
    set((s) => ({
      byRun: { ...s.byRun, [p.runId]: p },
      gridTick: tick ? { ...s.gridTick, [p.runId]: (s.gridTick[p.runId] ?? 0) + 1 } : s.gridTick,
      stateTick: stateChanged || before === undefined ? s.stateTick + 1 : s.stateTick,
    }));
  },
}));

/**
 * Listens to every run's progress while the Runs view is open. What it heard is forgotten when
 * the view closes: events missed meanwhile would leave it stale (a run shown still running after
 * it ended), and the view shows the fetched runs until new events arrive.
 */
export function useProgressFeed(): void {
  useEffect(() => {
    const off = onEvent('judge.batch.progress', (p) => useBatchProgress.getState().receive(p, Date.now()));
    return () => {
      off();
      lastTickAt.clear();
      useBatchProgress.setState({ byRun: {} });
    };
  }, []);
}

/** The grid of `runId` fetches its pages again (a mark or a label corrected from its results). */
export function refreshGrid(runId: string): void {
  useBatchProgress.setState((s) => ({ gridTick: { ...s.gridTick, [runId]: (s.gridTick[runId] ?? 0) + 1 } }));
}

/** For tests: forget what was received. */
export function resetBatchProgress(): void {
  lastTickAt.clear();
  useBatchProgress.setState({ byRun: {}, gridTick: {}, stateTick: 0 });
}
