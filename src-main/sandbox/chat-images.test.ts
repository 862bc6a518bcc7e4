import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from '../test-support/json-body';
import { imagePromptTokens, imageSize, mainColours, MAX_IMAGE_BYTES, sniffFormat } from './chat-images';
import { decodePng } from './png-decoder';
import { crc32, encodePng, PNG_SIGNATURE } from './png-encoder';
import { startSandbox, type SandboxServer } from './server';
import { assembleStream, post, readSse } from './test-helpers';

/** A PNG of any colour type and depth from already-packed rows (filter byte 0 added here). */
function png(
  width: number,
  height: number,
  colourType: number,
  depth: number,
  rows: number[][],
  extra: [string, number[]][] = [],
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out, 4, 8 + data.length), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = colourType;
  const raw = Buffer.from(rows.flatMap((r) => [0, ...r]));
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    ...extra.map(([type, data]) => chunk(type, Buffer.from(data))),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Left three quarters red, right quarter blue. */
function redBluePng(width = 8, height = 4): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const red = x < (width * 3) / 4;
      rgb[i] = red ? 250 : 10;
      rgb[i + 2] = red ? 10 : 240;
    }
  return encodePng(width, height, rgb);
}

const gif = (w: number, h: number) => {
  const b = Buffer.alloc(16);
  b.write('GIF89a', 0, 'ascii');
  b.writeUInt16LE(w, 6);
  b.writeUInt16LE(h, 8);
  return b;
};
const jpeg = (w: number, h: number) =>
  Buffer.from([
    ...[0xff, 0xd8],
    ...[0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...[0xff, 0xc2, 0x00, 0x11, 8, h >> 8, h & 0xff, w >> 8, w & 0xff, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1],
    ...[0xff, 0xd9],
  ]);
function webp(kind: 'VP8X' | 'VP8L' | 'VP8 ', w: number, h: number): Buffer {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(32, 4);
  b.write('WEBP', 8, 'ascii');
  b.write(kind, 12, 'ascii');
  b.writeUInt32LE(20, 16);
  if (kind === 'VP8X') {
    b.writeUIntLE(w - 1, 24, 3);
    b.writeUIntLE(h - 1, 27, 3);
  } else if (kind === 'VP8L') {
    b[20] = 0x2f;
    b.writeUInt32LE((w - 1) | ((h - 1) << 14), 21);
  } else {
    b.set([0x9d, 0x01, 0x2a], 23);
    b.writeUInt16LE(w, 26);
    b.writeUInt16LE(h, 28);
  }
  return b;
}
const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;

describe('reading images', () => {
  it('decodes the PNGs the Sandbox writes, pixel for pixel', () => {
    const decoded = decodePng(redBluePng(), 1e6);
    expect(decoded).toMatchObject({ ok: true, width: 8, height: 4 });
    if (!decoded?.ok) throw new Error('not decoded');
    expect([...decoded.rgba.subarray(0, 4)]).toEqual([250, 0, 10, 255]);
    expect([...decoded.rgba.subarray(7 * 4, 8 * 4)]).toEqual([10, 0, 240, 255]);
  });

  it('decodes palette, grey, grey+alpha, RGBA and 16-bit PNGs', () => {
    const palette = decodePng(
      png(
        4,
        1,
        3,
        2,
        [[0b00011011]],
        [
          ['PLTE', [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]],
          ['tRNS', [255, 255, 255, 0]],
        ],
      ),
      1e6,
    );
    if (!palette?.ok) throw new Error('palette not decoded');
    expect([...palette.rgba]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 0]);

    const grey = decodePng(png(2, 1, 0, 1, [[0b10000000]]), 1e6);
    if (!grey?.ok) throw new Error('grey not decoded');
    expect([...grey.rgba]).toEqual([255, 255, 255, 255, 0, 0, 0, 255]);

    const greyAlpha = decodePng(png(1, 1, 4, 8, [[100, 50]]), 1e6);
    if (!greyAlpha?.ok) throw new Error('grey+alpha not decoded');
    expect([...greyAlpha.rgba]).toEqual([100, 100, 100, 50]);

    const rgba16 = decodePng(png(1, 1, 6, 16, [[0x12, 0x34, 0xab, 0xcd, 0, 0, 0xff, 0xff]]), 1e6);
    if (!rgba16?.ok) throw new Error('16-bit not decoded');
    expect([...rgba16.rgba]).toEqual([0x12, 0xab, 0, 0xff]);
  });

  it('says why it reads no pixels: too many of them, or interlaced', () => {
    expect(decodePng(redBluePng(), 10)).toMatchObject({ ok: false, width: 8, height: 4 });
    const interlaced = redBluePng();
    interlaced[8 + 8 + 12] = 1; // IHDR's interlace byte (the CRC is not checked)
    expect(decodePng(interlaced, 1e6)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/interlaced/),
    });
  });

  it('reads the size of JPEG, WebP (three kinds) and GIF from their headers', () => {
    expect(sniffFormat(jpeg(640, 480))).toBe('jpeg');
    expect(imageSize('jpeg', jpeg(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize('gif', gif(33, 17))).toEqual({ width: 33, height: 17 });
    for (const kind of ['VP8X', 'VP8L', 'VP8 '] as const) {
      expect(sniffFormat(webp(kind, 300, 200))).toBe('webp');
      expect(imageSize('webp', webp(kind, 300, 200))).toEqual({ width: 300, height: 200 });
    }
    expect(sniffFormat(Buffer.from('hello world'))).toBeUndefined();
  });

  it('names the main colours with their share', () => {
    const decoded = decodePng(redBluePng(), 1e6);
    if (!decoded?.ok) throw new Error('not decoded');
    expect(mainColours(decoded.rgba)).toEqual([
      { name: 'red', hex: '#fa000a', share: 0.75 },
      { name: 'blue', hex: '#0a00f0', share: 0.25 },
    ]);
  });

  it('counts image tokens by the tile rule', () => {
    expect(imagePromptTokens({ width: 4096, height: 4096, detail: 'low' })).toBe(85);
    // 1024² -> 768² -> 2×2 tiles
    expect(imagePromptTokens({ width: 1024, height: 1024, detail: 'high' })).toBe(85 + 170 * 4);
    // 2048×4096 -> 1024×2048 -> 768×1536 -> 2×3 tiles
    expect(imagePromptTokens({ width: 2048, height: 4096, detail: 'auto' })).toBe(85 + 170 * 6);
  });
});

describe('images in chat over HTTP', () => {
  let server: SandboxServer;
  beforeAll(async () => {
    server = await startSandbox({ tokenDelayMs: 0 });
  });
  afterAll(() => server.close());
  const chat = (body: unknown) => post(server.baseUrl, '/chat/completions', body);
  const withParts = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
    model: 'sandbox-chat-1',
    messages: [{ role: 'user', content: parts }],
    ...extra,
  });
  async function expect400(body: unknown, param: string, code: string, message: RegExp) {
    const res = await chat(body);
    expect(res.status).toBe(400);
    const { error } = await jsonBody(res);
    expect(error).toMatchObject({ type: 'invalid_request_error', param, code });
    expect(error.message).toMatch(message);
  }

  it('describes an attached PNG (size, colours) and an attached text file, streamed or not', async () => {
    const body = withParts([
      { type: 'text', text: 'What is in this picture?' },
      { type: 'image_url', image_url: { url: dataUrl(redBluePng()), detail: 'low' } },
      { type: 'text', text: 'File: notes.txt\nfirst line\nsecond line\n' },
    ]);
    const plain = await jsonBody(await chat(body));
    const content: string = plain.choices[0].message.content;
    expect(content).toContain('> What is in this picture?');
    expect(content).toContain('You attached 1 image and 1 text file:');
    expect(content).toContain('Image 1: PNG, 8×4 pixels');
    expect(content).toContain('detail low');
    expect(content).toContain('main colours red #fa000a (75%), blue #0a00f0 (25%)');
    expect(content).toContain('File notes.txt: 2 lines, 23 characters; it begins "first line".');
    // The image costs 85 prompt tokens at low detail.
    const textOnly = await jsonBody(
      await chat(
        withParts([{ type: 'text', text: 'What is in this picture?' }, body.messages[0].content[2]]),
      ),
    );
    expect(plain.usage.prompt_tokens - textOnly.usage.prompt_tokens).toBe(85);

    const streamed = assembleStream((await readSse(await chat({ ...body, stream: true }))).data);
    expect(streamed.content).toBe(content);
  });

  it('gives the size of JPEG, WebP and GIF and says their colours are not read', async () => {
    const body = withParts([
      { type: 'text', text: 'Compare these' },
      { type: 'image_url', image_url: { url: dataUrl(jpeg(640, 480), 'image/jpeg') } },
      { type: 'image_url', image_url: { url: dataUrl(webp('VP8L', 300, 200), 'image/webp') } },
      { type: 'image_url', image_url: { url: dataUrl(gif(33, 17), 'image/gif') } },
    ]);
    const content: string = (await jsonBody(await chat(body))).choices[0].message.content;
    expect(content).toContain('You attached 3 images:');
    expect(content).toMatch(
      /Image 1: JPEG, 640×480 pixels.*colours not read: the Sandbox decodes only PNG pixels/,
    );
    expect(content).toContain('Image 2: WebP, 300×200 pixels');
    expect(content).toContain('Image 3: GIF, 33×17 pixels');
  });

  it('refuses remote image URLs, naming the part and the address', async () => {
    await expect400(
      withParts([
        { type: 'text', text: 'see' },
        { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
      ]),
      'messages[0].content[1].image_url.url',
      'invalid_image_url',
      /remote address \(https:\/\/example\.com\/cat\.png\).*fetches nothing/,
    );
  });

  it('refuses what is not a PNG, JPEG, WebP or GIF, bad base64, and images over the cap', async () => {
    const part = (url: string) => withParts([{ type: 'image_url', image_url: { url } }]);
    const param = 'messages[0].content[0].image_url.url';
    await expect400(
      part(dataUrl(Buffer.from('just text'), 'image/bmp')),
      param,
      'invalid_image_format',
      /send PNG, JPEG, WebP or GIF \(the data URL said 'image\/bmp'\)/,
    );
    await expect400(part('data:image/png;base64,@@@'), param, 'invalid_image_url', /not valid base64/);
    await expect400(part('data:image/png,rawbytes'), param, 'invalid_image_url', /must be base64 encoded/);
    await expect400(part('file:///etc/passwd'), param, 'invalid_image_url', /must be a data: URL/);
    const huge = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    PNG_SIGNATURE.copy(huge);
    await expect400(part(dataUrl(huge)), param, 'image_too_large', /larger than 10 MB/);
  });

  it('validates the shape of content parts, naming the path', async () => {
    const bad = async (parts: unknown, param: string, message: RegExp) => {
      const res = await chat(withParts(parts as unknown[]));
      expect(res.status).toBe(400);
      const { error } = await jsonBody(res);
      expect(error.param).toBe(param);
      expect(error.message).toMatch(message);
    };
    await bad(
      [{ type: 'audio', data: 'x' }],
      'messages[0].content[0].type',
      /must be one of text, image_url/,
    );
    await bad([{ type: 'image_url' }], 'messages[0].content[0].image_url', /is required/);
    await bad(
      [{ type: 'image_url', image_url: { url: dataUrl(gif(1, 1)), detail: 'ultra' } }],
      'messages[0].content[0].image_url.detail',
      /must be one of auto, low, high/,
    );
    await bad([{ type: 'text' }], 'messages[0].content[0].text', /is required and must be a string/);
    await bad([], 'messages[0].content', /must not be an empty array/);
    // Images belong to user messages only.
    const res = await chat({
      model: 'sandbox-chat-1',
      messages: [
        { role: 'system', content: [{ type: 'image_url', image_url: { url: dataUrl(gif(1, 1)) } }] },
      ],
    });
    expect((await jsonBody(res)).error.param).toBe('messages[0].content[0].type');
  });

  it('a text-only model refuses images as the real API does', async () => {
    await expect400(
      withParts([{ type: 'image_url', image_url: { url: dataUrl(redBluePng()) } }], {
        model: 'sandbox-chat-text',
      }),
      'messages[0].content[0].type',
      'image_input_not_supported',
      /sandbox-chat-text' does not support image input/,
    );
    const ok = await chat(withParts([{ type: 'text', text: 'hello' }], { model: 'sandbox-chat-text' }));
    expect(ok.status).toBe(200);
  });
});
