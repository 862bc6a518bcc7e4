import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../sandbox/png-encoder';
import { AttachmentStore } from './attachment-store';
import { imageDimensions, sniffImage } from './image-header';

const store = () => new AttachmentStore(mkdtempSync(join(tmpdir(), 'gatehouse-att-')));
const png = (w: number, h: number) => encodePng(w, h, new Uint8Array(w * h * 3).fill(200));
const b64 = (b: Uint8Array | string) => Buffer.from(b).toString('base64');

describe('AttachmentStore', () => {
  it('keeps an image once under the SHA-256 of its bytes, with its size from the header', async () => {
    const s = store();
    const bytes = png(40, 30);
    const ref = await s.add({ name: 'red.png', mime: 'image/png', data: b64(bytes), detail: 'high' });
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(ref).toEqual({
      id: `${sha}.png`,
      name: 'red.png',
      mime: 'image/png',
      size: bytes.length,
      width: 40,
      height: 30,
      detail: 'high',
    });
    expect(readFileSync(join(s.dir, ref.id))).toEqual(bytes);
    // The same bytes under another name: one file, two references.
    const again = await s.add({ name: 'copy.png', mime: 'image/png', data: b64(bytes) });
    expect(again).toMatchObject({ id: ref.id, name: 'copy.png', detail: 'auto' });
    expect(readdirSync(s.dir)).toEqual([ref.id]);
    expect(await s.read(ref)).toEqual(bytes);
  });

  it('refuses bytes that are not what the type says, naming the field and the rule', async () => {
    const s = store();
    await expect(s.add({ name: 'a.jpg', mime: 'image/jpeg', data: b64(png(2, 2)) })).rejects.toThrow(
      'data: the bytes are image/png, not image/jpeg as mime says',
    );
    await expect(s.add({ name: 'a.png', mime: 'image/png', data: b64('not a picture') })).rejects.toThrow(
      'data: must be a PNG, JPEG, WebP or GIF image',
    );
    await expect(
      s.add({ name: 'a.txt', mime: 'text/plain', data: b64(Buffer.from([0x66, 0xff, 0xfe])) }),
    ).rejects.toThrow('data: must be UTF-8 text');
    await expect(s.add({ name: 'a.txt', mime: 'text/plain', data: b64('a\u0000b') })).rejects.toThrow(
      'data: must be text',
    );
    await expect(s.add({ name: '../x.txt', mime: 'text/plain', data: b64('hi') })).rejects.toThrow(
      /must be a file name without/,
    );
    await expect(
      s.add({ name: 'a.txt', mime: 'text/plain', data: b64('x'.repeat(600 * 1024)) }),
    ).rejects.toThrow(/must be at most 512 KB for a text file/);
    expect(() => readdirSync(s.dir)).toThrow(); // nothing was written
  });

  it('names a file gone from the folder when it is read', async () => {
    const s = store();
    await expect(s.read({ id: `${'a'.repeat(64)}.png`, name: 'gone.png' })).rejects.toThrow(
      "attachments: 'gone.png' is no longer in the data folder",
    );
    await expect(s.read({ id: '../../gatehouse.db', name: 'x' })).rejects.toThrow('is not an attachment id');
  });

  it('sweeps files no conversation refers to, sparing this session’s files on a delete', async () => {
    const s = store();
    const kept = await s.add({ name: 'k.txt', mime: 'text/plain', data: b64('kept') });
    const fresh = await s.add({ name: 'f.txt', mime: 'text/plain', data: b64('fresh') });
    const old = `${'b'.repeat(64)}.txt`;
    writeFileSync(join(s.dir, old), 'from an earlier run');
    writeFileSync(join(s.dir, `${old}.tmp-0123abcd`), 'a crash left this');
    writeFileSync(join(s.dir, 'notes.txt'), 'not the store’s: never touched');
    // A delete: only the deleted conversation's files, and not one a draft may hold.
    expect(s.sweep(new Set([kept.id]), [kept.id, fresh.id, old])).toBe(1);
    expect(readdirSync(s.dir).sort()).toEqual([fresh.id, kept.id, `${old}.tmp-0123abcd`, 'notes.txt'].sort());
    // At start: everything unreferenced of the store's, and crash leftovers.
    expect(s.sweep(new Set([kept.id]))).toBe(2);
    expect(readdirSync(s.dir).sort()).toEqual([kept.id, 'notes.txt'].sort());
  });
});

describe('image headers', () => {
  it('reads the type and size of PNG, GIF, WebP and JPEG', () => {
    expect(sniffImage(png(7, 5))).toBe('image/png');
    expect(imageDimensions('image/png', png(7, 5))).toEqual({ width: 7, height: 5 });
    const gif = Buffer.from('GIF89a\x0a\x00\x14\x00', 'latin1');
    expect(sniffImage(gif)).toBe('image/gif');
    expect(imageDimensions('image/gif', gif)).toEqual({ width: 10, height: 20 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'ascii');
    webp.write('WEBPVP8X', 8, 'ascii');
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    expect(sniffImage(webp)).toBe('image/webp');
    expect(imageDimensions('image/webp', webp)).toEqual({ width: 100, height: 50 });
    // SOI, an APP0 segment, then SOF0 with height 48 and width 64.
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x30, 0x00, 0x40,
      0x01, 0x01, 0x11, 0x00,
    ]);
    expect(sniffImage(jpeg)).toBe('image/jpeg');
    expect(imageDimensions('image/jpeg', jpeg)).toEqual({ width: 64, height: 48 });
    expect(imageDimensions('image/png', png(7, 5).subarray(0, 20))).toBeUndefined();
  });
});
