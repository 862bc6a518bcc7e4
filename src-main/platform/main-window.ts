import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL, APP_ORIGIN } from '../core/app-protocol/app-origin';
import { MIN_SIZE, type Rect } from '../core/window/window-bounds';

/**
 * Where the window loads from: the app scheme (never file://), or the dev server in
 * `npm run dev`. A packaged app never takes a URL from its environment.
 */
export function windowEntry(isPackaged: boolean, env: NodeJS.ProcessEnv): { url: string; origins: string[] } {
  const devUrl = isPackaged ? undefined : env.ELECTRON_RENDERER_URL;
  return devUrl
    ? { url: devUrl, origins: [new URL(devUrl).origin] }
    : { url: APP_ENTRY_URL, origins: [APP_ORIGIN] };
}

/** Electron's BrowserWindow constructor, or a fake of it in tests. */
export type WindowConstructor<W> = new (options: BrowserWindowConstructorOptions) => W;

/**
 * The one window, with the web preferences docs/architecture.md ("Security in one place")
 * promises, and its page loaded from `entryUrl`.
 */
export function createMainWindow<W extends { loadURL(url: string): Promise<void> }>(
  BrowserWindow: WindowConstructor<W>,
  opts: { bounds: Partial<Rect>; preload: string; entryUrl: string },
): W {
  const win = new BrowserWindow({
    ...opts.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Gatehouse',
    show: false,
    webPreferences: {
      preload: opts.preload,
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
  void win.loadURL(opts.entryUrl);
  return win;
}
