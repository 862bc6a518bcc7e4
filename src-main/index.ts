import { preloadTokenizer } from './core/judge/judge-service';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { app, BrowserWindow, dialog, ipcMain, net, protocol, session, shell } from 'electron';
import { DatabaseTooNewError } from './core/db/migrations';
import { openDataFolder } from './core/db/open-data-folder';
import { DataFolderLockedError } from './core/db/open-database';
import { testExportDir, testSwitchesEnabled } from './core/security/test-switches';
import { StorageNotices } from './core/storage/storage-notices';
import { createAppRouter, createAppStreamRouter } from './ipc/app-router';
import { originPolicy } from './ipc/router';
import { lazySandboxHost } from './ipc/sandbox-host';
import { type ClientRequestLike, manualRedirectFetch } from './core/gateway/manual-redirect-fetch';
import { createServices } from './ipc/services';
import { electronDesktopActions } from './platform/electron-desktop-actions';
import { electronSettingsStore } from './platform/electron-settings-store';
import { bindRouter, bindStreams, sendEvent } from './platform/ipc-bridge';
import { handleAppProtocol } from './platform/app-protocol';
import { handleMediaProtocol, mediaUrl } from './platform/media-protocol';
import type { ElectronEdge } from './platform/electron-edge';
import { createMainWindow, windowEntry } from './platform/main-window';
import { registerPrivilegedSchemes } from './platform/privileged-schemes';
import { safeStorageCipher } from './platform/safe-storage-cipher';
import { rememberWindowState, restoredWindowBounds } from './platform/window-state';
import { hardenSession } from './platform/window-security';
import { splitInAppSandboxArgs } from './sandbox/cli-args';
import { startSandbox } from './sandbox/server';

// Composition root: the one place that wires Electron to the Electron-free core (docs/architecture.md).
// The platform functions get Electron from here, so tests can hand them a fake instead.
const electron: ElectronEdge = { app, session, shell, ipcMain, protocol };
registerPrivilegedSchemes(protocol);
// Lets users with several setups (and the tests) run the app on a data folder of their choosing.
if (process.env.GATEHOUSE_DATA_DIR) app.setPath('userData', process.env.GATEHOUSE_DATA_DIR);
// The test launcher's switches; the shipped app ignores them.
const testSwitches = testSwitchesEnabled(app.isPackaged, process.env);
let mainWindow: BrowserWindow | undefined;

async function main(): Promise<void> {
  // Two copies on one data folder would run two video pollers and overwrite each other's files.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  await app.whenReady();
  // The window's own origin: the dev server in `npm run dev`, the app scheme otherwise.
  const entry = windowEntry(app.isPackaged, process.env);
  const appOrigins = entry.origins;
  hardenSession(electron, appOrigins);
  const notices = new StorageNotices();
  let database: DatabaseSync;
  try {
    database = openDataFolder(app.getPath('userData'), notices);
  } catch (err) {
    // Another Gatehouse (browser mode too) holds the folder, or a newer one wrote it: say so, start nothing.
    if (!(err instanceof DataFolderLockedError || err instanceof DatabaseTooNewError)) throw err;
    dialog.showErrorBox('Gatehouse cannot open its data folder', err.message);
    app.quit();
    return;
  }
  // `--sandbox-fault cut-stream` and friends, as in browser mode, for the end-to-end tests only.
  const sandboxArgs = testSwitches ? splitInAppSandboxArgs(process.argv.slice(1)).sandbox : undefined;
  if (sandboxArgs?.kind === 'error') console.error(`Sandbox flag ignored: ${sandboxArgs.message}`);
  const sandbox = lazySandboxHost(() => startSandbox(sandboxArgs?.kind === 'run' ? sandboxArgs.options : {}));
  const settings = electronSettingsStore(notices);
  const services = createServices({
    mode: 'electron',
    version: app.getVersion(),
    dataDir: app.getPath('userData'),
    database,
    // Chromium's network stack (system proxy, certificates), with redirects left to the client.
    fetch: manualRedirectFetch(
      (options) => net.request(options) as unknown as ClientRequestLike,
      (input, init) => net.fetch(input, init),
    ),
    cipher: await safeStorageCipher(),
    settings,
    notices,
    sandbox,
    emit: (name, payload) => sendEvent(mainWindow?.webContents, name, payload),
    desktop: electronDesktopActions(() => mainWindow, testExportDir(app.isPackaged, process.env)),
    mediaUrl,
  });
  handleMediaProtocol(protocol, services.media);
  // Never file:// : the built window comes from the app scheme, which has an origin of its own.
  handleAppProtocol(protocol, join(import.meta.dirname, '../renderer'));
  bindRouter(ipcMain, createAppRouter(services, originPolicy(appOrigins)));
  // Stream subscribers are dropped (and their work aborted) when their page goes away.
  bindStreams(ipcMain, createAppStreamRouter(services, originPolicy(appOrigins)));

  const createWindow = () => {
    const restored = restoredWindowBounds(settings);
    mainWindow = createMainWindow(BrowserWindow, {
      bounds: restored.bounds,
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      entryUrl: entry.url,
    });
    if (restored.maximized) mainWindow.maximize();
    rememberWindowState(mainWindow, settings);
    mainWindow.once('ready-to-show', () => mainWindow?.show());
    mainWindow.on('closed', () => {
      mainWindow = undefined;
    });
  };
  createWindow();
  preloadTokenizer();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => {
    services.streams.closeAll();
    services.video.dispose();
    void services.judgeBatch.dispose();
    void sandbox.close();
  });
  // Last: replies stopped by quitting are saved, then closing checkpoints the write-ahead log
  // into the file and releases the folder's lock. will-quit also comes at a system shutdown,
  // where before-quit does not, so the streams are stopped here too.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    services.streams.closeAll();
    void services.chat.settle().finally(() => {
      closed = true;
      database.close();
      app.quit();
    });
  });
}

void main();
