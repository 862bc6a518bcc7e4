import type { Options } from 'conf';

/** Where the writer keeps the conf (electron-store) settings file, beside browser mode's settings.json. */
export const CONF_FOLDER = 'electron-store';

/** The options src-main/platform/electron-settings-store.ts gives electron-store, which hands them to conf. */
export const confOptions = (cwd: string): Options<Record<string, unknown>> => ({
  cwd,
  configName: 'settings',
  clearInvalidConfig: false,
  configFileMode: 0o600,
});
