import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MediaLibrary, serveMediaFile } from './media-library';

function library() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-media-'));
  const media = new MediaLibrary(dataDir);
  media.write('images/a/0.png', new Uint8Array([1, 2, 3]));
  return media;
}

describe('MediaLibrary paths', () => {
  it('refuses paths that name the media folder itself, so a Delete can never empty it', () => {
    const media = library();
    for (const path of ['', '.', './', 'images/..', '/', 'images/../.']) {
      expect(() => media.resolve(path), JSON.stringify(path)).toThrow(
        /must name a file inside the media folder/,
      );
      expect(() => media.remove(path)).toThrow();
    }
    expect(media.exists('images/a/0.png')).toBe(true);
  });

  it('refuses paths that leave the folder, and keeps ordinary ones inside it', () => {
    const media = library();
    for (const path of ['..', '../x', 'images/../../x', '..\\x', 'a\0b']) {
      expect(() => media.resolve(path), JSON.stringify(path)).toThrow();
    }
    expect(media.resolve('/images/a/0.png')).toBe(join(media.root, 'images/a/0.png'));
    expect(media.resolve('images/a')).toBe(join(media.root, 'images/a'));
  });
});

describe('serving media', () => {
  it('tells the browser never to sniff a type other than the one the extension gives', () => {
    const media = library();
    const out = serveMediaFile(media.resolve('images/a/0.png'), null);
    expect(out.headers['X-Content-Type-Options']).toBe('nosniff');
    expect(out.headers['Content-Type']).toBe('image/png');
    void out.body?.cancel();
  });
});

describe('atomic writes', () => {
  it('leave no temporary file behind', () => {
    const media = library();
    media.write('images/a/1.png', new Uint8Array([4]));
    expect(readdirSync(join(media.root, 'images/a')).sort()).toEqual(['0.png', '1.png']);
  });

  it('remove their temporary file when the rename fails', () => {
    const media = library();
    // A directory where the file should go makes the rename fail after the data is written.
    mkdirSync(join(media.root, 'images/a/2.png/inner'), { recursive: true });
    writeFileSync(join(media.root, 'images/a/2.png/inner/x'), 'x');
    expect(() => media.write('images/a/2.png', new Uint8Array([5]))).toThrow();
    expect(readdirSync(join(media.root, 'images/a')).filter((n) => n.includes('.tmp-'))).toEqual([]);
    expect(existsSync(join(media.root, 'images/a/0.png'))).toBe(true);
  });
});
