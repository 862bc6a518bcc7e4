import type { CallOptions, GatewayClient } from './gateway-client';
import { GatewayError } from './gateway-error';
import { apiUrl, type GatewayTarget } from './gateway-urls';

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

const record = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** `data[]` (OpenAI) or `images[]` / `output[]`; each item an object with url / b64_json / b64, or a bare URL string. */
export function parseImages(body: unknown): GeneratedImage[] {
  const o = record(body);
  const list = [o?.data, o?.images, o?.output, record(o?.data)?.images].find(Array.isArray) as
    unknown[] | undefined;
  if (!list) throw new GatewayError('bad_response', 'The image reply has no data[] list.', 200);
  const out = list.map((item): GeneratedImage => {
    if (typeof item === 'string') return /^https?:/i.test(item) ? { url: item } : { b64: item };
    const r = record(item) ?? {};
    return {
      url: str(r.url) ?? str(r.image_url) ?? str(record(r.image_url)?.url),
      b64: str(r.b64_json) ?? str(r.b64) ?? str(r.base64),
      revisedPrompt: str(r.revised_prompt),
    };
  });
  if (out.length === 0 || out.every((i) => !i.url && !i.b64)) {
    throw new GatewayError('bad_response', 'The image reply holds no image URL or base64 data.', 200);
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
    { timeoutMs: 180_000, ...opts },
  );
  return parseImages(body);
}

/**
 * Downloads a result URL right away (they expire). The key is never sent: result URLs are
 * signed and often live on another host, which must not see the gateway key.
 */
export async function downloadImage(
  client: GatewayClient,
  target: GatewayTarget,
  url: string,
  opts: CallOptions = {},
): Promise<Uint8Array> {
  const { bytes } = await client.bytes(
    { ...target, apiKey: undefined },
    { method: 'GET', url, accept: 'image/*' },
    opts,
  );
  return bytes;
}
