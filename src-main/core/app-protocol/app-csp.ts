/**
 * The window's Content Security Policy, sent as a response header by the app scheme. The same
 * policy stays in src-renderer/index.html's meta tag, because browser mode and the dev server
 * serve that file without this header; a unit test keeps the two identical.
 */
export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: gatehouse-media:",
  "media-src 'self' blob: gatehouse-media:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-src 'none'",
].join('; ');
