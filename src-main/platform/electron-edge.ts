import type {
  App,
  BrowserWindowConstructorOptions,
  Dialog,
  IpcMain,
  Net,
  Protocol,
  Session,
  Shell,
  WebContents,
} from 'electron';

/**
 * The parts of Electron's main-process API that the security wiring calls, named through
 * Electron's own typings. index.ts passes the real modules; the tests pass a fake typed against
 * this (platform/fake-electron.test-helper.ts), so the fake cannot drift from Electron's API
 * (docs/architecture.md, "Security in one place").
 */
export interface ElectronEdge {
  app: Pick<App, 'on'>;
  session: {
    defaultSession: Pick<
      Session,
      'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'resolveProxy'
    >;
  };
  shell: Pick<Shell, 'openExternal'>;
  ipcMain: Pick<IpcMain, 'handle' | 'on'>;
  protocol: Pick<Protocol, 'handle' | 'registerSchemesAsPrivileged'>;
}

/** What the window rules and the stream bridge ask of a WebContents. */
export type GuardedContents = Pick<WebContents, 'id' | 'on' | 'once' | 'setWindowOpenHandler'>;

/** What the app's wiring asks of its window (Electron's BrowserWindow, or the tests' fake). */
export interface AppWindow {
  webContents: Pick<WebContents, 'send' | 'isDestroyed'>;
  loadURL(url: string): Promise<void>;
  show(): void;
  maximize(): void;
  isMinimized(): boolean;
  restore(): void;
  focus(): void;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
}

/**
 * Everything of Electron's main-process API that the app's wiring (platform/electron-app.ts)
 * calls: index.ts passes the real modules, the tests a fake typed against this.
 */
export interface ElectronMain<W extends AppWindow> extends ElectronEdge {
  app: Pick<
    App,
    | 'on'
    | 'quit'
    | 'exit'
    | 'whenReady'
    | 'getPath'
    | 'setPath'
    | 'getVersion'
    | 'requestSingleInstanceLock'
    | 'releaseSingleInstanceLock'
    | 'isPackaged'
  >;
  BrowserWindow: (new (options: BrowserWindowConstructorOptions) => W) & { getAllWindows(): unknown[] };
  dialog: Pick<Dialog, 'showErrorBox'>;
  net: Pick<Net, 'request' | 'fetch'>;
}
