/**
 * An image's type and pixel size from its first bytes, so main keeps only what the bytes are
 * (not what the window said) without decoding any pixels. Written for the app's client: the
 * Sandbox reads images its own way, as a peer that shares no code with it.
 */
export type ImageKind = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

export function sniffImage(b: Uint8Array): ImageKind | undefined {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (buf.length >= 8 && buf.readUInt32BE(0) === 0x89504e47 && buf.readUInt32BE(4) === 0x0d0a1a0a)
    return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP')
    return 'image/webp';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.toString('ascii', 0, 6))) return 'image/gif';
  return undefined;
}

/** Width and height from the header, or undefined when it is cut short or odd. */
export function imageDimensions(
  kind: ImageKind,
  b: Uint8Array,
): { width: number; height: number } | undefined {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const ok = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);
  switch (kind) {
    case 'image/png':
      return buf.length >= 24 && buf.toString('ascii', 12, 16) === 'IHDR'
        ? ok(buf.readUInt32BE(16), buf.readUInt32BE(20))
        : undefined;
    case 'image/gif':
      return buf.length >= 10 ? ok(buf.readUInt16LE(6), buf.readUInt16LE(8)) : undefined;
    case 'image/webp':
      return webpSize(buf, ok);
    case 'image/jpeg':
      return jpegSize(buf, ok);
  }
}

type Ok = (w: number, h: number) => { width: number; height: number } | undefined;

function webpSize(b: Buffer, ok: Ok) {
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30) return ok(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return ok((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && b.length >= 30) return ok(b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  return undefined;
}

/** Walks the segments to the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Buffer, ok: Ok) {
  for (let at = 2; at + 9 < b.length;) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return ok(b.readUInt16BE(at + 7), b.readUInt16BE(at + 5));
    if (marker === 0xd9 || marker === 0xda) return undefined;
    at += 2 + b.readUInt16BE(at + 2);
  }
  return undefined;
}
