import { join } from 'node:path';
import { startApp, type RunningApp } from '../app/start-app';
import { describeStartupFailure, startupFailureLine } from '../app/startup-failure';
import { type ClientRequestLike, manualRedirectFetch } from '../core/gateway/manual-redirect-fetch';
import { proxyFromPac } from '../core/gateway/network-route';
import type { DesktopActions } from '../core/media/desktop-actions';
import { testExportDir, testSwitchesEnabled } from '../core/security/test-switches';
import type { KeyValueStore } from '../core/storage/key-value-store';
import type { StorageNotices } from '../core/storage/storage-notices';
import type { SecretCipher } from '../core/vault/key-vault';
import type { Rect } from '../core/window/window-bounds';
import { originPolicy } from '../ipc/router';
import { splitInAppSandboxArgs } from '../sandbox/cli-args';
import { handleAppProtocol } from './app-protocol';
import type { AppWindow, ElectronMain } from './electron-edge';
import { bindRouter, bindStreams, sendEvent } from './ipc-bridge';
import { createMainWindow, windowEntry } from './main-window';
import { handleMediaProtocol, mediaUrl } from './media-protocol';
import { registerPrivilegedSchemes } from './privileged-schemes';
import { hardenSession } from './window-security';

/**
 * The Electron platform adapters that need more than the modules in ElectronMain (electron-store,
 * safeStorage, the screen, native dialogs): index.ts passes the real ones, the tests fakes.
 */
export interface ElectronAdapters<W extends AppWindow> {
  cipher(): Promise<SecretCipher>;
  openSettings(notices: StorageNotices): KeyValueStore;
  desktop(getWindow: () => W | undefined, testExportDir?: string): DesktopActions;
  restoreWindow(settings: KeyValueStore): { bounds: Partial<Rect>; maximized: boolean };
  rememberWindow(win: W, settings: KeyValueStore): void;
}

export interface ElectronLaunch {
  env: Record<string, string | undefined>;
  argv: string[];
  /** The built main entry's folder (out/main): the preload and the renderer sit beside it. */
  mainDir: string;
}

export interface ElectronRun {
  app: RunningApp;
  window(): AppWindow | undefined;
}

/**
 * The desktop app: Electron's side of the one composition root (src-main/app/start-app.ts).
 * Everything Electron-specific is the window, the IPC transport, the schemes, key storage and
 * dialogs; the services, routers, Sandbox and shutdown order are startApp's. Resolves with the
 * running app, or undefined when it did not start (second instance, or a start-up failure that
 * was shown to the user).
 */
export async function runElectronApp<W extends AppWindow>(
  electron: ElectronMain<W>,
  adapters: ElectronAdapters<W>,
  launch: ElectronLaunch,
): Promise<ElectronRun | undefined> {
  const { app } = electron;
  // Before ready, and once: the app and media schemes.
  registerPrivilegedSchemes(electron.protocol);
  // Lets users with several setups (and the tests) run the app on a data folder of their choosing.
  if (launch.env.GATEHOUSE_DATA_DIR) app.setPath('userData', launch.env.GATEHOUSE_DATA_DIR);
  // The test launcher's switches; the shipped app ignores them.
  const testSwitches = testSwitchesEnabled(app.isPackaged, launch.env);
  // Two copies on one data folder would run two video pollers and overwrite each other's files.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  let mainWindow: W | undefined;
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  await app.whenReady();
  const dataDir = app.getPath('userData');
  // The window's own origin: the dev server in `npm run dev`, the app scheme otherwise.
  const entry = windowEntry(app.isPackaged, launch.env);
  hardenSession(electron, entry.origins);
  // `--sandbox-fault cut-stream` and friends, as in browser mode, for the end-to-end tests only.
  const sandboxArgs = testSwitches ? splitInAppSandboxArgs(launch.argv.slice(1)).sandbox : undefined;
  if (sandboxArgs?.kind === 'error') console.error(`Sandbox flag ignored: ${sandboxArgs.message}`);

  let running: RunningApp;
  try {
    running = await startApp(
      {
        mode: 'electron',
        chooseFolderHint: 'GATEHOUSE_DATA_DIR',
        // Chromium's network stack (system proxy, certificates), with redirects left to the client.
        fetch: manualRedirectFetch(
          (options) => electron.net.request(options) as unknown as ClientRequestLike,
          (input, init) => electron.net.fetch(input, init),
        ),
        // For a profile with certificates of its own, whose calls go through Node's fetch.
        systemProxy: async (url) => proxyFromPac(await electron.session.defaultSession.resolveProxy(url)),
        cipher: await adapters.cipher(),
        openSettings: adapters.openSettings,
        emit: (name, payload) => sendEvent(mainWindow?.webContents, name, payload),
        desktop: adapters.desktop(() => mainWindow, testExportDir(app.isPackaged, launch.env)),
        mediaUrl,
        // Only the app's own top frame may call (docs/architecture.md, "The IPC contract").
        senderPolicy: originPolicy(entry.origins),
      },
      {
        dataDir,
        version: app.getVersion(),
        sandbox: sandboxArgs?.kind === 'run' ? sandboxArgs.options : {},
      },
    );
  } catch (err) {
    // No window yet: say what happened and what to do, then quit and let the next launch in.
    const failure = describeStartupFailure(err, dataDir, 'GATEHOUSE_DATA_DIR');
    console.error(startupFailureLine(failure));
    electron.dialog.showErrorBox(failure.title, `${failure.message}\n\n${failure.nextStep}`);
    app.releaseSingleInstanceLock();
    app.exit(1);
    return undefined;
  }
  const { services } = running;
  const settings = services.env.settings;
  handleMediaProtocol(electron.protocol, services.media);
  // Never file:// : the built window comes from the app scheme, which has an origin of its own.
  handleAppProtocol(electron.protocol, join(launch.mainDir, '../renderer'));
  bindRouter(electron.ipcMain, running.dispatch);
  // Stream subscribers are dropped (and their work aborted) when their page goes away.
  bindStreams(electron.ipcMain, running.streams);

  const createWindow = () => {
    const restored = adapters.restoreWindow(settings);
    const win = createMainWindow(electron.BrowserWindow, {
      bounds: restored.bounds,
      preload: join(launch.mainDir, '../preload/index.cjs'),
      entryUrl: entry.url,
    });
    mainWindow = win;
    if (restored.maximized) win.maximize();
    adapters.rememberWindow(win, settings);
    win.once('ready-to-show', () => win.show());
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = undefined;
    });
  };
  createWindow();

  app.on('activate', () => {
    if (electron.BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Quitting begins the one shutdown (streams, batch runs, poller, saves, database); will-quit
  // also comes at a system shutdown, where before-quit does not, and holds the quit until the
  // shutdown has saved what the stopped replies had and released the folder's lock.
  app.on('before-quit', () => void running.dispose());
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void running.dispose().finally(() => {
      closed = true;
      app.quit();
    });
  });
  return { app: running, window: () => mainWindow };
}
