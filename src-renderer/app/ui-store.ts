import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type TabId = 'chat' | 'media' | 'video' | 'judge' | 'evals' | 'settings';
/** Side panels the user can fold away to give the middle more room; remembered across starts. */
export type PanelId = 'conversations' | 'chatParams' | 'judgeSets' | 'judgeHistory' | 'evals' | 'profiles';

interface UiState {
  tab: TabId;
  logOpen: boolean;
  /** Panels folded to a rail; a panel not listed is open. */
  folded: Partial<Record<PanelId, boolean>>;
  setTab: (tab: TabId) => void;
  toggleLog: () => void;
  setLogOpen: (open: boolean) => void;
  togglePanel: (panel: PanelId) => void;
}

/**
 * Window state. Only the folded panels are kept (in the window's own storage: a layout choice,
 * not user data); the tab and the log start fresh each time.
 */
export const useUi = create<UiState>()(
  persist(
    (set) => ({
      tab: 'chat',
      logOpen: false,
      // On a small window the run history starts folded, so the Judge tab's two panes fit.
      folded: typeof window !== 'undefined' && window.innerWidth < 1280 ? { judgeHistory: true } : {},
      setTab: (tab) => set({ tab }),
      toggleLog: () => set((s) => ({ logOpen: !s.logOpen })),
      setLogOpen: (logOpen) => set({ logOpen }),
      togglePanel: (panel) => set((s) => ({ folded: { ...s.folded, [panel]: !s.folded[panel] } })),
    }),
    {
      name: 'gatehouse.layout',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ folded: s.folded }),
    },
  ),
);
