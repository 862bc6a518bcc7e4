import { badRequest } from './errors';
import { decodePng } from './png-decoder';

/** Largest attached image, decoded, in bytes (the request body's 20 MB cap holds it in base64). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Larger pictures get their size described but not their colours. */
const MAX_DECODED_PIXELS = 16_000_000;

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';
const FORMAT_LABEL: Record<ImageFormat, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', gif: 'GIF' };

export interface ColourShare {
  name: string;
  /** Mean colour of the pixels of this name, `#rrggbb`. */
  hex: string;
  /** Share of the pixels, 0..1. */
  share: number;
}

export interface AttachedImage {
  format: ImageFormat;
  /** The MIME type the data URL claimed. */
  declared: string;
  bytes: number;
  width: number;
  height: number;
  detail: string;
  colours?: ColourShare[];
  /** Why colours are missing, when they are. */
  colourNote?: string;
}

/**
 * Reads one `image_url.url`. The Sandbox fetches nothing, so only `data:` URLs of PNG, JPEG,
 * WebP and GIF pass; anything else is a 400 naming `param` (docs/architecture.md, "The Sandbox").
 */
export function readImageUrl(url: string, detail: string, param: string): AttachedImage {
  if (/^https?:/i.test(url))
    throw badRequest(
      param,
      `${param} is a remote address (${url.slice(0, 80)}): the Sandbox fetches nothing, so images must be sent as data: URLs (data:image/png;base64,...)`,
      'invalid_image_url',
    );
  const match = /^data:([^;,]*)((?:;[^;,]*)*),/i.exec(url);
  if (!match)
    throw badRequest(
      param,
      `${param} must be a data: URL with a base64 image (data:image/png;base64,...), got '${url.slice(0, 40)}'`,
      'invalid_image_url',
    );
  const declared = match[1].toLowerCase();
  if (!/;base64$/i.test(match[2]))
    throw badRequest(
      param,
      `${param} must be base64 encoded (data:${declared};base64,...)`,
      'invalid_image_url',
    );
  const payload = url.slice(match[0].length);
  // 3 bytes per 4 characters: the cap is checked before anything is decoded.
  if (Math.floor((payload.length * 3) / 4) > MAX_IMAGE_BYTES + 2)
    throw badRequest(
      param,
      `${param} holds an image larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB, the Sandbox's limit per image`,
      'image_too_large',
    );
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload.replace(/\s+/g, '')))
    throw badRequest(param, `${param} is not valid base64 after 'base64,'`, 'invalid_image_url');
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES)
    throw badRequest(
      param,
      `${param} holds an image larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB, the Sandbox's limit per image`,
      'image_too_large',
    );
  const format = sniffFormat(bytes);
  const size = format && imageSize(format, bytes);
  if (!format || !size)
    throw badRequest(
      param,
      `${param} is not a supported image: send PNG, JPEG, WebP or GIF (the data URL said '${declared || 'nothing'}')`,
      'invalid_image_format',
    );
  const image: AttachedImage = { format, declared, bytes: bytes.length, ...size, detail };
  if (format === 'png') {
    const decoded = decodePng(bytes, MAX_DECODED_PIXELS);
    if (decoded?.ok) image.colours = mainColours(decoded.rgba);
    else image.colourNote = `colours not read: ${decoded?.reason ?? 'it could not be decoded'}`;
  } else {
    image.colourNote = `colours not read: the Sandbox decodes only PNG pixels, and reads the size of ${FORMAT_LABEL[format]} from its header`;
  }
  return image;
}

export function sniffFormat(b: Buffer): ImageFormat | undefined {
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('ascii', 0, 6))) return 'gif';
  return undefined;
}

/** Pixel size from the file's header, or undefined when the header is cut short or odd. */
export function imageSize(format: ImageFormat, b: Buffer): { width: number; height: number } | undefined {
  const ok = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);
  if (format === 'png')
    return b.length >= 24 && b.toString('ascii', 12, 16) === 'IHDR'
      ? ok(b.readUInt32BE(16), b.readUInt32BE(20))
      : undefined;
  if (format === 'gif') return b.length >= 10 ? ok(b.readUInt16LE(6), b.readUInt16LE(8)) : undefined;
  if (format === 'webp') {
    const chunk = b.toString('ascii', 12, 16);
    if (chunk === 'VP8 ' && b.length >= 30)
      return ok(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
    if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
      const bits = b.readUInt32LE(21);
      return ok((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
    }
    if (chunk === 'VP8X' && b.length >= 30) return ok(b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
    return undefined;
  }
  // JPEG: walk the segments to the first start-of-frame (SOF0..SOF15 but DHT, JPG and DAC).
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

const NAMED: readonly { name: string; rgb: readonly [number, number, number] }[] = [
  { name: 'black', rgb: [0, 0, 0] },
  { name: 'white', rgb: [255, 255, 255] },
  { name: 'grey', rgb: [128, 128, 128] },
  { name: 'red', rgb: [220, 30, 30] },
  { name: 'orange', rgb: [245, 140, 20] },
  { name: 'yellow', rgb: [240, 220, 40] },
  { name: 'green', rgb: [40, 170, 60] },
  { name: 'cyan', rgb: [40, 200, 220] },
  { name: 'blue', rgb: [40, 80, 220] },
  { name: 'purple', rgb: [140, 60, 190] },
  { name: 'pink', rgb: [240, 130, 190] },
  { name: 'brown', rgb: [130, 80, 40] },
];

/** The three commonest colour names among the pixels (sampled on big pictures), with their mean. */
export function mainColours(rgba: Uint8Array): ColourShare[] {
  const pixels = rgba.length / 4;
  const step = Math.max(1, Math.floor(pixels / 65536));
  const groups = new Map<string, { n: number; r: number; g: number; b: number }>();
  let counted = 0;
  for (let p = 0; p < pixels; p += step) {
    const o = p * 4;
    let name = 'transparent';
    if (rgba[o + 3] >= 128) {
      let best = Infinity;
      for (const c of NAMED) {
        const d = (rgba[o] - c.rgb[0]) ** 2 + (rgba[o + 1] - c.rgb[1]) ** 2 + (rgba[o + 2] - c.rgb[2]) ** 2;
        if (d < best) {
          best = d;
          name = c.name;
        }
      }
    }
    const g = groups.get(name) ?? { n: 0, r: 0, g: 0, b: 0 };
    g.n++;
    g.r += rgba[o];
    g.g += rgba[o + 1];
    g.b += rgba[o + 2];
    groups.set(name, g);
    counted++;
  }
  const hex = (v: number) => Math.round(v).toString(16).padStart(2, '0');
  return [...groups.entries()]
    .sort((a, b) => b[1].n - a[1].n || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .map(([name, g]) => ({
      name,
      hex: `#${hex(g.r / g.n)}${hex(g.g / g.n)}${hex(g.b / g.n)}`,
      share: g.n / counted,
    }));
}

/** One line for the reply: format, size, detail and colours (or why there are none). */
export function describeImage(image: AttachedImage, index: number): string {
  const head = `Image ${index + 1}: ${FORMAT_LABEL[image.format]}, ${image.width}×${image.height} pixels, ${formatBytes(image.bytes)}, detail ${image.detail}`;
  const label =
    image.declared && image.declared !== `image/${image.format}`
      ? ` (sent as ${image.declared}, but the bytes are ${FORMAT_LABEL[image.format]})`
      : '';
  const colours = image.colours
    ? `main colours ${image.colours.map((c) => `${c.name} ${c.hex} (${Math.round(c.share * 100)}%)`).join(', ')}`
    : image.colourNote;
  return `${head}${label}; ${colours}.`;
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Prompt tokens an image costs, by the published rule for OpenAI's vision models: 85 at low
 * detail; otherwise fit in 2048×2048, shortest side to 768, then 170 per 512-pixel tile plus 85.
 */
export function imagePromptTokens(image: Pick<AttachedImage, 'width' | 'height' | 'detail'>): number {
  if (image.detail === 'low') return 85;
  let { width, height } = image;
  const fit = Math.min(1, 2048 / Math.max(width, height));
  width *= fit;
  height *= fit;
  const shrink = Math.min(1, 768 / Math.min(width, height));
  width *= shrink;
  height *= shrink;
  return 85 + 170 * Math.ceil(width / 512) * Math.ceil(height / 512);
}
