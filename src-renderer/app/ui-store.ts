import { create } from 'zustand';

export type TabId = 'chat' | 'media' | 'video' | 'judge' | 'settings';

interface UiState {
  tab: TabId;
  logOpen: boolean;
  setTab: (tab: TabId) => void;
  toggleLog: () => void;
  setLogOpen: (open: boolean) => void;
}

export const useUi = create<UiState>((set) => ({
  tab: 'chat',
  logOpen: false,
  setTab: (tab) => set({ tab }),
  toggleLog: () => set((s) => ({ logOpen: !s.logOpen })),
  setLogOpen: (logOpen) => set({ logOpen }),
}));
