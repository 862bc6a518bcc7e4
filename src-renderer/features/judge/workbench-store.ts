import { create } from 'zustand';

/**
 * Which part of the saved set's workbench is open, and the batch run the Runs, Agreement and
 * Drift views look at. Apart from judge-store (the set being edited), so each view can change
 * without re-rendering the builder.
 */
export const WORKBENCH_VIEWS = ['questions', 'cases', 'runs', 'agreement', 'drift'] as const;
export type WorkbenchView = (typeof WORKBENCH_VIEWS)[number];

interface WorkbenchState {
  view: WorkbenchView;
  /** The batch run shown in Runs and Agreement (and first of the two in Drift). */
  runId?: string;
  /** The run Drift compares with `runId`. */
  otherRunId?: string;
  setView: (view: WorkbenchView) => void;
  selectRun: (runId: string | undefined) => void;
  selectOtherRun: (runId: string | undefined) => void;
  /** Another set was opened: its runs are not these. */
  reset: () => void;
}

export const useWorkbench = create<WorkbenchState>((set) => ({
  view: 'questions',
  setView: (view) => set({ view }),
  selectRun: (runId) => set({ runId }),
  selectOtherRun: (otherRunId) => set({ otherRunId }),
  reset: () => set({ view: 'questions', runId: undefined, otherRunId: undefined }),
}));
