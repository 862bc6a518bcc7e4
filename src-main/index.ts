import { app, BrowserWindow, dialog, ipcMain, net, protocol, session, shell } from 'electron';
import { electronDesktopActions } from './platform/electron-desktop-actions';
import { runElectronApp } from './platform/electron-app';
import { electronSettingsStore } from './platform/electron-settings-store';
import { safeStorageCipher } from './platform/safe-storage-cipher';
import { rememberWindowState, restoredWindowBounds } from './platform/window-state';

// Electron's entry: the real modules and adapters handed to the app's wiring, which the tests run
// with a typed fake instead (docs/architecture.md, "One composition root").
void runElectronApp(
  { app, BrowserWindow, dialog, ipcMain, net, protocol, session, shell },
  {
    cipher: safeStorageCipher,
    openSettings: electronSettingsStore,
    desktop: electronDesktopActions,
    restoreWindow: restoredWindowBounds,
    rememberWindow: rememberWindowState,
  },
  { env: process.env, argv: process.argv, mainDir: import.meta.dirname },
);
