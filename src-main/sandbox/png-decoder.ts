import { inflateSync } from 'node:zlib';
import { PNG_SIGNATURE } from './png-encoder';

export type PngDecoded =
  | { ok: true; width: number; height: number; /** width*height*4 bytes */ rgba: Uint8Array }
  | { ok: false; width: number; height: number; reason: string };

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * A small PNG decoder (every colour type and bit depth, not interlaced), enough for the Sandbox to
 * say what colours an attached picture has. Pictures over `maxPixels` are not inflated at all, so a
 * tiny file claiming a huge canvas cannot make the Sandbox allocate gigabytes.
 */
export function decodePng(bytes: Uint8Array, maxPixels: number): PngDecoded | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 33 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  let width = 0;
  let height = 0;
  let depth = 0;
  let colourType = 0;
  let interlace = 0;
  let palette: Buffer | undefined;
  let transparency: Buffer | undefined;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= b.length;) {
    const length = b.readUInt32BE(at);
    const type = b.toString('ascii', at + 4, at + 8);
    const data = b.subarray(at + 8, Math.min(b.length, at + 8 + length));
    if (type === 'IHDR') {
      if (data.length < 13) return undefined;
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      depth = data[8];
      colourType = data[9];
      interlace = data[12];
    } else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') transparency = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (width === 0 || height === 0 || CHANNELS[colourType] === undefined) return undefined;
  const fail = (reason: string): PngDecoded => ({ ok: false, width, height, reason });
  if (interlace !== 0) return fail('it is interlaced, which the Sandbox does not decode');
  if (width * height > maxPixels) return fail('it has too many pixels for the Sandbox to read them all');
  if (colourType === 3 && !palette) return fail('its palette is missing');

  const channels = CHANNELS[colourType];
  const bitsPerPixel = channels * depth;
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const pixelBytes = Math.max(1, bitsPerPixel >> 3);
  const expected = (stride + 1) * height;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch {
    return fail('its image data does not inflate');
  }
  if (raw.length < expected) return fail('its image data is cut short');

  // Undo the per-row filters in place (PNG spec, section 9).
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[src + i];
      const a = i >= pixelBytes ? rows[row + i - pixelBytes] : 0;
      const up = y > 0 ? rows[prev + i] : 0;
      const c = y > 0 && i >= pixelBytes ? rows[prev + i - pixelBytes] : 0;
      let v: number;
      if (filter === 0) v = x;
      else if (filter === 1) v = x + a;
      else if (filter === 2) v = x + up;
      else if (filter === 3) v = x + ((a + up) >> 1);
      else if (filter === 4) {
        const p = a + up - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - c);
        v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? up : c);
      } else return fail(`it uses an unknown row filter (${filter})`);
      rows[row + i] = v & 0xff;
    }
  }

  // Samples of any depth scaled to 8 bits; 16-bit samples keep their high byte.
  const max = (1 << Math.min(depth, 8)) - 1;
  const sample = (y: number, index: number): number => {
    if (depth === 16) return rows[y * stride + index * 2];
    if (depth === 8) return rows[y * stride + index];
    const bit = index * depth;
    const byte = rows[y * stride + (bit >> 3)];
    return (byte >> (8 - depth - (bit & 7))) & max;
  };
  const scale = (v: number) => (depth >= 8 ? v : Math.round((v * 255) / max));
  const rgba = new Uint8Array(width * height * 4);
  const greyKey =
    colourType === 0 && transparency && transparency.length >= 2 ? transparency.readUInt16BE(0) : -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const s = x * channels;
      if (colourType === 3) {
        const i = sample(y, s);
        rgba[o] = palette![i * 3] ?? 0;
        rgba[o + 1] = palette![i * 3 + 1] ?? 0;
        rgba[o + 2] = palette![i * 3 + 2] ?? 0;
        rgba[o + 3] = transparency && i < transparency.length ? transparency[i] : 255;
      } else if (colourType === 0 || colourType === 4) {
        const grey = sample(y, s);
        rgba[o] = rgba[o + 1] = rgba[o + 2] = scale(grey);
        const keyed = depth === 16 ? (grey << 8) | rows[y * stride + s * 2 + 1] : grey;
        rgba[o + 3] = colourType === 4 ? scale(sample(y, s + 1)) : keyed === greyKey ? 0 : 255;
      } else {
        rgba[o] = sample(y, s);
        rgba[o + 1] = sample(y, s + 1);
        rgba[o + 2] = sample(y, s + 2);
        rgba[o + 3] = colourType === 6 ? sample(y, s + 3) : 255;
      }
    }
  }
  return { ok: true, width, height, rgba };
}
