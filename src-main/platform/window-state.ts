import { type BrowserWindow, screen } from 'electron';
import type { KeyValueStore } from '../core/storage/key-value-store';
import { boundsToRestore, type WindowState } from '../core/window/window-bounds';

const KEY = 'window.state';

/** Where the window opens: last time's place and size, when that still fits today's screens. */
export function restoredWindowBounds(settings: KeyValueStore) {
  return boundsToRestore(
    settings.get(KEY),
    screen.getAllDisplays().map((d) => d.workArea),
  );
}

/** Saves the window's place and size (its normal bounds, also when maximized) as it closes. */
export function rememberWindowState(win: BrowserWindow, settings: KeyValueStore): void {
  win.on('close', () => {
    const b = win.getNormalBounds();
    const state: WindowState = { ...b, maximized: win.isMaximized() };
    settings.set(KEY, state);
  });
}
