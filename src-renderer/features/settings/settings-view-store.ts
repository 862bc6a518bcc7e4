import { create } from 'zustand';

interface SettingsView {
  /** The profile shown, or the new profile's form; none: the active profile. */
  shown?: string | 'new';
  show: (shown: string | 'new') => void;
}

/**
 * Which profile Settings shows. In a store, not the tab's state, so it outlives the window being
 * built again in another language (InLanguage.tsx); not kept across starts.
 */
export const useSettingsView = create<SettingsView>()((set) => ({
  show: (shown) => set({ shown }),
}));
