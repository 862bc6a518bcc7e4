import type { BrowserWindow } from 'electron';
import { isSafeExternalUrl } from '../core/security/external-links';
import { isPermissionGranted } from '../core/security/permission-policy';
import type { ElectronEdge, GuardedContents } from './electron-edge';

/**
 * The window may not navigate or open windows, and gets no permission beyond what
 * isPermissionGranted allows the app's own top frame (`appOrigins`); the only way out is an
 * https: link the user clicked, which opens in the system browser.
 */
export function hardenSession(
  electron: Pick<ElectronEdge, 'app' | 'session' | 'shell'>,
  appOrigins: readonly string[],
): void {
  const { defaultSession } = electron.session;
  defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(
      isPermissionGranted(
        { permission, requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame },
        appOrigins,
      ),
    ),
  );
  defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    isPermissionGranted(
      {
        permission,
        requestingUrl: details.requestingUrl ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
      },
      appOrigins,
    ),
  );
  electron.app.on('web-contents-created', (_event, contents) => hardenContents(contents, electron.shell));
}

export function hardenContents(contents: GuardedContents, shell: ElectronEdge['shell']): void {
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
