import { app, type BrowserWindow, session, shell, type WebContents } from 'electron';
import { isSafeExternalUrl } from '../core/security/external-links';

/**
 * Design §4: the window may not navigate, open windows, or get permissions; the only way out is
 * an https: link the user clicked, which opens in the system browser.
 */
export function hardenSession(): void {
  // The window needs no permission at all: desktop notifications are shown by main.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => hardenContents(contents));
}

export function hardenContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

export function isFocused(win: BrowserWindow | undefined): boolean {
  return !!win && !win.isDestroyed() && win.isFocused();
}
