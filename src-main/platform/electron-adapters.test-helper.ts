import { MemoryKeyValueStore } from '../core/storage/key-value-store';
import type { ElectronAdapters } from './electron-app';
import type { AppWindow } from './electron-edge';

/**
 * Stand-ins for the adapters index.ts builds from safeStorage, electron-store, the screen and
 * native dialogs: a cipher that is not available (keys stay for the session, as on a Linux
 * machine without a keyring), settings in memory, save dialogs that record what they were asked.
 */
export function fakeAdapters<W extends AppWindow>(settings = new MemoryKeyValueStore()) {
  const saved: string[] = [];
  const adapters: ElectronAdapters<W> = {
    cipher: async () => ({
      available: () => false,
      isWeak: () => true,
      encrypt: async () => {
        throw new Error('no cipher in the tests');
      },
      decrypt: async () => {
        throw new Error('no cipher in the tests');
      },
    }),
    openSettings: () => settings,
    desktop: () => ({
      saveFileAs: async (_src, name) => (saved.push(name), null),
      saveTextAs: async (_text, name) => (saved.push(name), null),
      notify: () => undefined,
    }),
    restoreWindow: () => ({ bounds: { width: 1280, height: 820 }, maximized: false }),
    rememberWindow: () => undefined,
  };
  return Object.assign(adapters, { saved, settings });
}
