import { chmodSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import Store from 'electron-store';
import type { KeyValueStore } from '../core/storage/key-value-store';
import type { StorageNotices } from '../core/storage/storage-notices';
import { isSettingsObject } from '../core/storage/key-value-store';

/**
 * electron-store for small settings (profiles, encrypted keys), written 0600 like every other
 * data file. A file that will not parse is moved aside and reported, not wiped.
 */
export function electronSettingsStore(notices: StorageNotices): KeyValueStore {
  const path = join(app.getPath('userData'), 'settings.json');
  const open = () =>
    new Store<Record<string, unknown>>({
      name: 'settings',
      clearInvalidConfig: false,
      configFileMode: 0o600,
    });
  const setAside = (reason: string) => {
    const at = Date.now();
    const movedTo = path.replace(/\.json$/, `.corrupt-${at}.json`);
    renameSync(path, movedTo);
    notices.add({ kind: 'set-aside', file: path, movedTo, reason, at });
  };
  let store: Store<Record<string, unknown>>;
  try {
    store = open();
  } catch (err) {
    // Only a file that does not parse is moved aside; anything else (permissions, disk) is real.
    if (!(err instanceof SyntaxError) || !existsSync(path)) throw err;
    setAside(err.message);
    store = open();
  }
  // JSON of the wrong shape (a list, a string) is as unreadable as broken JSON: reported, kept.
  if (!isSettingsObject(store.store) && existsSync(path)) {
    setAside('(root): must be an object of settings');
    store = open();
  }
  // Files written by an earlier version may be 0644.
  if (existsSync(store.path)) chmodSync(store.path, 0o600);
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
