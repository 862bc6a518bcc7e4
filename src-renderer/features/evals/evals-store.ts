import { create } from 'zustand';
import type { EvalDraft } from './eval-draft';

/**
 * The Evals tab's open eval (docs/architecture.md, "Evals"): the draft the user edits,
 * the definition as last saved (to know what is unsaved), and a leave waiting for an answer.
 */
interface EvalsState {
  /** The stored eval open; undefined for a new one not saved yet. */
  evalId?: string;
  draft?: EvalDraft;
  /** The saved definition as JSON; undefined for a new draft (everything is unsaved). */
  saved?: string;
  /** Counts the evals opened, so the editor starts afresh (its fields' local text) for each. */
  opened: number;
  /** Which of the editor's views is shown (runs: a saved eval's runs and results, features/evals/runs). */
  view: 'definition' | 'dataset' | 'runs';
  /** Run once the user answers the unsaved-changes question with Save or Discard. */
  pendingLeave?: () => void;
  open: (evalId: string | undefined, draft: EvalDraft) => void;
  edit: (change: (d: EvalDraft) => EvalDraft) => void;
  markSaved: (evalId: string, draft: EvalDraft) => void;
  close: () => void;
  setView: (view: EvalsState['view']) => void;
  /** Runs `go` at once when nothing is unsaved, else asks first. */
  requestLeave: (go: () => void) => void;
  answerLeave: (choice: 'discard' | 'cancel' | 'continue') => void;
}

export const isDirty = (s: Pick<EvalsState, 'draft' | 'saved'>) =>
  s.draft !== undefined && JSON.stringify(s.draft) !== s.saved;

export const useEvals = create<EvalsState>((set, get) => ({
  view: 'definition',
  opened: 0,
  open: (evalId, draft) =>
    set((s) => ({
      evalId,
      draft,
      saved: evalId ? JSON.stringify(draft) : undefined,
      pendingLeave: undefined,
      opened: s.opened + 1,
    })),
  edit: (change) => set((s) => (s.draft ? { draft: change(s.draft) } : {})),
  markSaved: (evalId, draft) => set({ evalId, draft, saved: JSON.stringify(draft) }),
  close: () => set({ evalId: undefined, draft: undefined, saved: undefined, pendingLeave: undefined }),
  setView: (view) => set({ view }),
  requestLeave: (go) => (isDirty(get()) ? set({ pendingLeave: go }) : go()),
  answerLeave: (choice) => {
    const go = get().pendingLeave;
    set({ pendingLeave: undefined });
    if (choice !== 'cancel') go?.();
  },
}));
