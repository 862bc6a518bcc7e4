import { originOf } from '../app-protocol/app-origin';

/**
 * What the window may use: writing to the clipboard (every Copy button) and going full screen
 * (the video player). Everything else (camera, microphone, notifications, geolocation,
 * clipboard reading, ...) is denied: main shows notifications itself.
 */
const GRANTED = new Set(['clipboard-sanitized-write', 'fullscreen']);

export interface PermissionAsk {
  permission: string;
  /** URL (or origin) of the frame asking. */
  requestingUrl: string;
  isMainFrame: boolean;
}

/** Used by both Electron permission handlers: granted only to the app's own top frame. */
export function isPermissionGranted(ask: PermissionAsk, appOrigins: readonly string[]): boolean {
  if (!GRANTED.has(ask.permission) || !ask.isMainFrame) return false;
  const origin = originOf(ask.requestingUrl);
  return origin !== undefined && appOrigins.includes(origin);
}
