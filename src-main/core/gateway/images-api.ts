import { badResponse, record, str } from '../media/reply-shape';
import type { CallOptions, GatewayClient } from './gateway-client';
import { REPLY_CAPS } from './reply-caps';
import { GatewayError } from './gateway-error';
import { apiUrl, type GatewayTarget, normalizeHost, targetFor } from './gateway-urls';

export interface ImagesRequest {
  model: string;
  prompt: string;
  n?: number;
  size?: string;
  response_format?: 'url' | 'b64_json';
}

export interface GeneratedImage {
  url?: string;
  b64?: string;
  revisedPrompt?: string;
}

/** One image is never allowed to fill memory or disk: 4096×4096 RGBA PNGs stay below this. */
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;

/** `data[]` (OpenAI) or `images[]` / `output[]`; each item an object with url / b64_json / b64, or a bare URL string. */
export function parseImages(body: unknown): GeneratedImage[] {
  const o = record(body);
  const list = [o?.data, o?.images, o?.output, record(o?.data)?.images].find(Array.isArray) as
    unknown[] | undefined;
  if (!list) throw badResponse('The image reply has no data[] list.', body);
  const out = list.map((item): GeneratedImage => {
    if (typeof item === 'string') return /^(https?|data):/i.test(item) ? { url: item } : { b64: item };
    const r = record(item) ?? {};
    return {
      url: str(r.url) ?? str(r.image_url) ?? str(record(r.image_url)?.url),
      b64: str(r.b64_json) ?? str(r.b64) ?? str(r.base64),
      revisedPrompt: str(r.revised_prompt),
    };
  });
  if (out.length === 0 || out.every((i) => !i.url && !i.b64)) {
    throw badResponse('The image reply holds no image URL or base64 data.', body);
  }
  return out;
}

export async function generateImages(
  client: GatewayClient,
  target: GatewayTarget,
  request: ImagesRequest,
  opts: CallOptions = {},
): Promise<GeneratedImage[]> {
  const { body } = await client.json(
    target,
    { method: 'POST', url: apiUrl(target, 'images/generations'), json: request },
    { timeoutMs: 180_000, maxBytes: REPLY_CAPS.images, ...opts },
  );
  return parseImages(body);
}

const tooLarge = (max: number) =>
  new GatewayError(
    'bad_response',
    `The image is over the ${max >= 1 << 20 ? `${Math.round(max / (1 << 20))} MB` : `${Math.ceil(max / 1024)} KB`} limit, so it was not downloaded.`,
    200,
  );

/**
 * Decodes a `data:` URL here instead of fetching it: it is not a network address, and a
 * multi-MB URL must not end up in the request log. Accepts base64 and percent-encoded data.
 */
/** Plain base64 image data (`b64_json`), its size checked before a byte is decoded. */
export function decodeBase64Image(b64: string, maxBytes = MAX_IMAGE_BYTES): Uint8Array {
  if (Math.floor((b64.length * 3) / 4) > maxBytes) throw tooLarge(maxBytes);
  return Buffer.from(b64, 'base64');
}

export function decodeDataUrl(url: string, maxBytes = MAX_IMAGE_BYTES): Uint8Array {
  const comma = url.indexOf(',');
  if (!/^data:/i.test(url) || comma < 0) {
    throw new GatewayError('bad_response', 'The image data: URL is malformed (no comma).', 200);
  }
  const meta = url.slice(5, comma);
  const payload = url.slice(comma + 1);
  const base64 = /;base64$/i.test(meta);
  const estimate = base64 ? Math.floor((payload.length * 3) / 4) : payload.length;
  if (estimate > maxBytes) throw tooLarge(maxBytes);
  return base64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'latin1');
}

/**
 * Where a result URL points: relative URLs are resolved against the profile's host, and only
 * http(s) is fetched (data: is decoded by the caller; file:, ftp: and the like are refused).
 */
export function resolveImageUrl(raw: string, target: GatewayTarget): URL {
  let url: URL;
  try {
    url = new URL(raw.trim(), `${normalizeHost(target.host)}/`);
  } catch {
    throw new GatewayError('bad_response', 'The image URL the gateway sent cannot be read as a URL.', 200);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GatewayError(
      'bad_response',
      `The image URL uses ${url.protocol.replace(/:$/, '')}:, which Gatehouse does not fetch (only http, https and data: URLs).`,
      200,
    );
  }
  return url;
}

/**
 * Gets one result image right away (URLs expire): `data:` URLs are decoded locally, http(s)
 * ones streamed with a byte cap. The key is never sent: result URLs are signed and often live
 * on another host, which must not see the gateway key.
 */
export async function downloadImage(
  client: GatewayClient,
  target: GatewayTarget,
  url: string,
  opts: CallOptions & { maxBytes?: number } = {},
): Promise<Uint8Array> {
  const maxBytes = opts.maxBytes ?? MAX_IMAGE_BYTES;
  if (/^\s*data:/i.test(url)) return decodeDataUrl(url.trim(), maxBytes);
  const resolved = resolveImageUrl(url, target);
  // Another origin gets none of the profile's headers either (they may hold secrets).
  const open = await client.open(
    { ...targetFor(target, resolved.href), apiKey: undefined },
    { method: 'GET', url: resolved.href, accept: 'image/*' },
    { ...opts, resultFile: true },
  );
  const declared = Number(open.response.headers.get('content-length') ?? NaN);
  const parts: Uint8Array[] = [];
  let over = Number.isFinite(declared) && declared > maxBytes;
  if (over) {
    await open.response.body?.cancel().catch(() => undefined);
  } else {
    let total = 0;
    for await (const chunk of open.chunks()) {
      total += chunk.byteLength;
      over = total > maxBytes;
      if (over) break; // leaving the loop cancels the body (see readChunks)
      parts.push(chunk);
    }
  }
  if (over) {
    const failure = tooLarge(maxBytes);
    open.ticket.fail(failure.message);
    throw failure;
  }
  return Buffer.concat(parts);
}
