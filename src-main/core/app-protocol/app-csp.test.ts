import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_CSP, keepFontFiles } from './app-csp';
import { APP_ORIGIN } from './app-origin';

/** Whether the policy's `name` directive lets the page at APP_ORIGIN load `url` (the parts used here). */
function allows(name: string, url: string): boolean {
  const sources = APP_CSP.split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);
  // Built by hand: URL.origin is "null" for a custom scheme such as gatehouse-app:.
  const { protocol, host } = new URL(url);
  return (sources ?? []).some((s) =>
    s === "'self'" ? `${protocol}//${host}` === APP_ORIGIN : s === protocol,
  );
}

describe('APP_CSP', () => {
  it('is the policy of the renderer page meta tag, so the header and the page agree', () => {
    const html = readFileSync('src-renderer/index.html', 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta?.[1]).toBe(APP_CSP);
  });

  it('lets scripts and styles come only from the app itself', () => {
    expect(APP_CSP).toContain("default-src 'none'");
    expect(APP_CSP).toContain("script-src 'self';");
    expect(APP_CSP).not.toContain('unsafe-');
  });

  it('plays images, audio and video only from the app, blobs and the media library', () => {
    // Results are downloaded into the library first, so no gateway or CDN origin is needed.
    const directive = (name: string) => APP_CSP.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('media-src')).toBe("media-src 'self' blob: gatehouse-media:");
    expect(directive('img-src')).toBe("img-src 'self' data: blob: gatehouse-media:");
    expect(APP_CSP).not.toMatch(/https?:|\*/);
  });

  it('lets KaTeX load every font it names, from the app itself and never from elsewhere', async () => {
    // katex.min.css names its fonts as relative files; the build emits each one as a file of the
    // app (never inlined as data:, which font-src does not name), served from APP_ORIGIN/assets/.
    const css = readFileSync('node_modules/katex/dist/katex.min.css', 'utf8');
    const fonts = [...css.matchAll(/url\((fonts\/[^)]+)\)/g)].map((m) => m[1]);
    expect(fonts.length).toBeGreaterThan(50);
    for (const font of fonts) {
      expect(keepFontFiles(`/x/node_modules/katex/dist/${font}`), font).toBe(false);
      expect(allows('font-src', `${APP_ORIGIN}/assets/${font.slice('fonts/'.length)}`), font).toBe(true);
    }
    // The one that was blocked: under Vite's 4 KB default it was inlined as a data: URL.
    expect(statSync('node_modules/katex/dist/fonts/KaTeX_Size3-Regular.woff2').size).toBeLessThan(4096);
    expect(allows('font-src', 'data:font/woff2;base64,d09GMgAB')).toBe(false);
    expect(allows('font-src', 'https://fonts.example/KaTeX_Main-Regular.woff2')).toBe(false);
    // Other assets keep Vite's own rule.
    expect(keepFontFiles('/x/src-renderer/public/icon.png')).toBeUndefined();
    // And the window's build uses the rule.
    // By absolute path: the build config is outside this test's TypeScript project.
    const configFile = resolve('electron.vite.config.ts');
    const config = ((await import(configFile)) as { default: unknown }).default as {
      renderer: { build: { assetsInlineLimit?: unknown } };
    };
    expect(config.renderer.build.assetsInlineLimit).toBe(keepFontFiles);
  });
});
