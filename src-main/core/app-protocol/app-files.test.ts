import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_CSP } from './app-csp';
import { appResponseHeaders, mimeTypeFor, resolveAppFile, serveAppRequest } from './app-files';

const root = mkdtempSync(join(tmpdir(), 'gatehouse-app-files-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(join(root, 'assets', 'main-abc.js'), 'console.log(1)');
writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
// A file beside the renderer folder that traversal would try to reach.
writeFileSync(join(root, '..', `${root.split(/[/\\]/).pop()}-secret.txt`), 'secret');
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(`${root}-secret.txt`, { force: true });
});

describe('resolveAppFile', () => {
  it('maps the app URL onto the renderer folder, / to index.html, ignoring query and hash', () => {
    expect(resolveAppFile(root, 'gatehouse-app://app/index.html')).toEqual({
      kind: 'file',
      path: join(root, 'index.html'),
    });
    expect(resolveAppFile(root, 'gatehouse-app://app/')).toEqual({
      kind: 'file',
      path: join(root, 'index.html'),
    });
    expect(resolveAppFile(root, 'gatehouse-app://app/assets/main-abc.js?v=1#x')).toEqual({
      kind: 'file',
      path: join(root, 'assets', 'main-abc.js'),
    });
    expect(resolveAppFile(root, 'gatehouse-app://app/assets/a%20b.png')).toEqual({
      kind: 'file',
      path: join(root, 'assets', 'a b.png'),
    });
  });

  it('refuses every way out of the renderer folder', () => {
    const name = root.split(/[/\\]/).pop();
    for (const url of [
      `gatehouse-app://app/..%2F${name}-secret.txt`,
      'gatehouse-app://app/assets/..%2F..%2F..%2Fetc%2Fpasswd',
      'gatehouse-app://app/assets/..%5C..%5Csecret.txt',
      'gatehouse-app://app/%2Fetc%2Fpasswd',
      'gatehouse-app://app/index.html%00.png',
      'gatehouse-app://app/assets//main-abc.js',
      'gatehouse-app://app/%E0%A4%A',
    ]) {
      expect(resolveAppFile(root, url), url).toEqual({ kind: 'forbidden' });
    }
  });

  it('keeps plain dot-segments inside the folder (the URL parser resolves them first)', () => {
    for (const url of [
      'gatehouse-app://app/../../../etc/passwd',
      'gatehouse-app://app/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      expect(resolveAppFile(root, url), url).toEqual({ kind: 'file', path: join(root, 'etc', 'passwd') });
    }
  });

  it('serves only its own scheme and host', () => {
    expect(resolveAppFile(root, 'gatehouse-app://evil/index.html')).toEqual({ kind: 'forbidden' });
    expect(resolveAppFile(root, 'gatehouse-media://app/index.html')).toEqual({ kind: 'forbidden' });
    expect(resolveAppFile(root, 'file:///etc/passwd')).toEqual({ kind: 'forbidden' });
    expect(resolveAppFile(root, 'not a url')).toEqual({ kind: 'not-found' });
  });
});

describe('mimeTypeFor', () => {
  it('names the type of each file the renderer build emits, and bytes for anything else', () => {
    expect(mimeTypeFor('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(mimeTypeFor('/x/assets/main-abc.js')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeFor('/x/assets/index-abc.css')).toBe('text/css; charset=utf-8');
    expect(mimeTypeFor('/x/logo.SVG')).toBe('image/svg+xml');
    expect(mimeTypeFor('/x/font.woff2')).toBe('font/woff2');
    expect(mimeTypeFor('/x/a.png')).toBe('image/png');
    expect(mimeTypeFor('/x/a.json')).toBe('application/json; charset=utf-8');
    expect(mimeTypeFor('/x/a.wasm')).toBe('application/wasm');
    expect(mimeTypeFor('/x/run.exe')).toBe('application/octet-stream');
    expect(mimeTypeFor('/x/README')).toBe('application/octet-stream');
  });
});

describe('appResponseHeaders', () => {
  it('sends the type, nosniff and the window CSP', () => {
    expect(appResponseHeaders('/x/index.html')).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': APP_CSP,
      'Cache-Control': 'no-cache',
    });
  });
});

describe('serveAppRequest', () => {
  const text = (body: unknown) => new TextDecoder().decode(body as Uint8Array);

  it('answers files with their bytes and headers', async () => {
    const html = await serveAppRequest(root, { method: 'GET', url: 'gatehouse-app://app/index.html' });
    expect(html.status).toBe(200);
    expect(html.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(html.headers['Content-Security-Policy']).toBe(APP_CSP);
    expect(text(html.body)).toContain('<title>app</title>');
    const js = await serveAppRequest(root, { method: 'GET', url: 'gatehouse-app://app/assets/main-abc.js' });
    expect(js).toMatchObject({ status: 200, headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
    const css = await serveAppRequest(root, {
      method: 'HEAD',
      url: 'gatehouse-app://app/assets/index-abc.css',
    });
    expect(css).toMatchObject({
      status: 200,
      body: null,
      headers: { 'Content-Type': 'text/css; charset=utf-8' },
    });
  });

  it('answers 404 for missing files and folders, 403 for traversal, 405 for writes', async () => {
    const get = (url: string) => serveAppRequest(root, { method: 'GET', url });
    expect((await get('gatehouse-app://app/missing.js')).status).toBe(404);
    expect((await get('gatehouse-app://app/assets')).status).toBe(404);
    const name = root.split(/[/\\]/).pop();
    const escape = await get(`gatehouse-app://app/..%2F${name}-secret.txt`);
    expect(escape.status).toBe(403);
    expect(String(escape.body)).not.toContain('secret');
    expect(
      (await serveAppRequest(root, { method: 'POST', url: 'gatehouse-app://app/index.html' })).status,
    ).toBe(405);
  });
});
