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

/** The font files the window ships (KaTeX's, for math in replies). */
const FONT_FILE = /\.(?:woff2?|ttf|otf)$/i;

/**
 * The window build's `assetsInlineLimit` (electron.vite.config.ts): a font is always emitted as a
 * file, so it loads from the app's own origin, which `font-src 'self'` allows. Vite would inline
 * any asset under 4 KB as a `data:` URL (KaTeX_Size3-Regular.woff2 is 3.6 KB), and `data:` is not
 * a font source the policy names: the first math reply logged a blocked font. Other assets keep
 * Vite's default (undefined).
 */
export function keepFontFiles(file: string): false | undefined {
  return FONT_FILE.test(file) ? false : undefined;
}
