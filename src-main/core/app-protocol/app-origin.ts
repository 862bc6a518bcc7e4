/**
 * The window's own origin. The built renderer is served from a privileged custom scheme rather
 * than file://, so it has a real origin of its own that IPC and permission checks can compare
 * against, and other local files never share it.
 */
export const APP_SCHEME = 'gatehouse-app';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * The origin of a URL as Chromium sees it. Node's URL gives every non-special scheme an opaque
 * origin ("null"), while Chromium treats a scheme registered as standard as scheme://host, so
 * that form is rebuilt here. URLs without a host (file:, data:, about:) have no usable origin.
 */
export function originOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.origin !== 'null') return parsed.origin;
  if (parsed.protocol === 'file:' || !parsed.host) return undefined;
  return `${parsed.protocol}//${parsed.host}`;
}
