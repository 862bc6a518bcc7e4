import type { App, IpcMain, Protocol, Session, Shell, WebContents } from 'electron';

/**
 * The parts of Electron's main-process API that the security wiring calls, named through
 * Electron's own typings. index.ts passes the real modules; the tests pass a fake typed against
 * this (platform/fake-electron.test-helper.ts), so the fake cannot drift from Electron's API
 * (docs/architecture.md, "Security in one place").
 */
export interface ElectronEdge {
  app: Pick<App, 'on'>;
  session: {
    defaultSession: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;
  };
  shell: Pick<Shell, 'openExternal'>;
  ipcMain: Pick<IpcMain, 'handle' | 'on'>;
  protocol: Pick<Protocol, 'handle' | 'registerSchemesAsPrivileged'>;
}

/** What the window rules and the stream bridge ask of a WebContents. */
export type GuardedContents = Pick<WebContents, 'id' | 'on' | 'once' | 'setWindowOpenHandler'>;
