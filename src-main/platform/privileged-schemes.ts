import type { ElectronEdge } from './electron-edge';
import { APP_SCHEME_PRIVILEGES } from './app-protocol';
import { MEDIA_SCHEME_PRIVILEGES } from './media-protocol';

/**
 * Must run before the app is ready, and once: each call replaces the schemes of the one before,
 * so both custom schemes are registered together here.
 */
export function registerPrivilegedSchemes(protocol: ElectronEdge['protocol']): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES, MEDIA_SCHEME_PRIVILEGES]);
}
