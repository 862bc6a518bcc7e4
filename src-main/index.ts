import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DatabaseSync } from 'node:sqlite';
import { app, BrowserWindow, dialog, net } from 'electron';
import { DatabaseTooNewError } from './core/db/migrations';
import { openDataFolder } from './core/db/open-data-folder';
import { DataFolderLockedError } from './core/db/open-database';
import { StorageNotices } from './core/storage/storage-notices';
import { createAppRouter, createAppStreamRouter } from './ipc/app-router';
import { originPolicy } from './ipc/router';
import { lazySandboxHost } from './ipc/sandbox-host';
import { createServices } from './ipc/services';
import { electronDesktopActions } from './platform/electron-desktop-actions';
import { electronSettingsStore } from './platform/electron-settings-store';
import { bindRouter, bindStreams, sendEvent } from './platform/ipc-bridge';
import { handleMediaProtocol, mediaUrl, registerMediaScheme } from './platform/media-protocol';
import { safeStorageCipher } from './platform/safe-storage-cipher';
import { hardenSession } from './platform/window-security';
import { splitInAppSandboxArgs } from './sandbox/cli-args';
import { startSandbox } from './sandbox/server';

// Composition root: the one place that wires Electron to the Electron-free core (design §2).
registerMediaScheme();
// Lets tests (and users with several setups) run the app on a data folder of their choosing.
if (process.env.GATEHOUSE_DATA_DIR) app.setPath('userData', process.env.GATEHOUSE_DATA_DIR);
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
  hardenSession();
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
  // `--sandbox-fault cut-stream` and friends, as in browser mode; mainly for end-to-end tests.
  const sandboxArgs = splitInAppSandboxArgs(process.argv.slice(1)).sandbox;
  if (sandboxArgs.kind === 'error') console.error(`Sandbox flag ignored: ${sandboxArgs.message}`);
  const sandbox = lazySandboxHost(() => startSandbox(sandboxArgs.kind === 'run' ? sandboxArgs.options : {}));
  const services = createServices({
    mode: 'electron',
    version: app.getVersion(),
    dataDir: app.getPath('userData'),
    database,
    fetch: (input, init) => net.fetch(input, init),
    cipher: safeStorageCipher(),
    settings: electronSettingsStore(notices),
    notices,
    sandbox,
    emit: (name, payload) => sendEvent(mainWindow?.webContents, name, payload),
    desktop: electronDesktopActions(() => mainWindow),
    mediaUrl,
  });
  handleMediaProtocol(services.media);

  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const rendererIndex = join(import.meta.dirname, '../renderer/index.html');
  const allowed = devUrl ? [new URL(devUrl).origin] : [pathToFileURL(rendererIndex).href];
  bindRouter(createAppRouter(services, originPolicy(allowed)));
  // Stream subscribers are dropped (and their work aborted) when their page goes away.
  bindStreams(createAppStreamRouter(services, originPolicy(allowed)));

  const createWindow = () => {
    mainWindow = new BrowserWindow({
      width: 1280,
      height: 820,
      minWidth: 860,
      minHeight: 560,
      title: 'Gatehouse',
      show: false,
      webPreferences: {
        preload: join(import.meta.dirname, '../preload/index.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        // Middle-click (auxclick) could otherwise open a link in a new window.
        disableBlinkFeatures: 'Auxclick',
      },
    });
    mainWindow.once('ready-to-show', () => mainWindow?.show());
    mainWindow.on('closed', () => {
      mainWindow = undefined;
    });
    if (devUrl) void mainWindow.loadURL(devUrl);
    else void mainWindow.loadFile(rendererIndex);
  };
  createWindow();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => {
    services.streams.closeAll();
    services.video.dispose();
    void sandbox.close();
  });
  // Last: closing checkpoints the write-ahead log into the file and releases the folder's lock.
  app.on('will-quit', () => database.close());
}

void main();
