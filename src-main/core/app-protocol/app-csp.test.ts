import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_CSP } from './app-csp';

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
});
