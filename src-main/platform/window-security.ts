import { app, type BrowserWindow, session, shell, type WebContents } from 'electron';
import { isSafeExternalUrl } from '../core/security/external-links';
import { isPermissionGranted } from '../core/security/permission-policy';

/**
 * The window may not navigate or open windows, and gets no permission beyond what
 * isPermissionGranted allows the app's own top frame (`appOrigins`); the only way out is an
 * https: link the user clicked, which opens in the system browser.
 */
export function hardenSession(appOrigins: readonly string[]): void {
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(
      isPermissionGranted(
        { permission, requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame },
        appOrigins,
      ),
    ),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    isPermissionGranted(
      {
        permission,
        requestingUrl: details.requestingUrl ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
      },
      appOrigins,
    ),
  );
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
