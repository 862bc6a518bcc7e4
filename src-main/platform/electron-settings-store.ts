import { renameSync } from 'node:fs';
import Store from 'electron-store';
import type { KeyValueStore } from '../core/storage/key-value-store';
import type { StorageNotices } from '../core/storage/storage-notices';

/** electron-store for small settings; a file that will not parse is moved aside, not wiped. */
export function electronSettingsStore(notices: StorageNotices): KeyValueStore {
  const open = () => new Store<Record<string, unknown>>({ name: 'settings', clearInvalidConfig: false });
  let store: Store<Record<string, unknown>>;
  try {
    store = open();
  } catch (err) {
    const probe = new Store<Record<string, unknown>>({ name: 'settings-probe' });
    const path = probe.path.replace(/settings-probe\.json$/, 'settings.json');
    const at = Date.now();
    const movedTo = path.replace(/\.json$/, `.corrupt-${at}.json`);
    renameSync(path, movedTo);
    notices.add({ file: path, movedTo, reason: err instanceof Error ? err.message : String(err), at });
    store = open();
  }
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
