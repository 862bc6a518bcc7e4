import { useEffect } from 'react';
import { tabs } from './tabs';
import { useUi } from './ui-store';

/** App-wide keys; each tab handles its own (send, stop) where its controls are. */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (!mod || e.altKey) return;
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= tabs.length) {
        e.preventDefault();
        useUi.getState().setTab(tabs[n - 1].id);
      } else if (e.key.toLowerCase() === 'l' && !e.shiftKey) {
        e.preventDefault();
        useUi.getState().toggleLog();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
