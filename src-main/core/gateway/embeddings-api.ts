import { decodeBase64Float32 } from './embedding-decode';
import { badResponse, record } from '../media/reply-shape';
import type { CallOptions, GatewayClient } from './gateway-client';
import { REPLY_CAPS } from './reply-caps';
import { apiUrl, type GatewayTarget } from './gateway-urls';

export interface EmbeddingsRequest {
  model: string;
  input: string[];
  dimensions?: number;
  encoding_format?: 'float' | 'base64';
}

export interface EmbeddingsResult {
  /** In input order (sorted by `index` when the gateway gives one). */
  vectors: Float32Array[];
  model?: string;
  usage?: { prompt_tokens?: number; total_tokens?: number };
  /** `usage.cost`, which some gateways add (OpenRouter, for one); absent in the OpenAI shape. */
  cost?: number;
}

function toVector(value: unknown, at: number, body: unknown): Float32Array {
  if (typeof value === 'string') {
    try {
      return decodeBase64Float32(value);
    } catch (err) {
      throw badResponse(`Embedding ${at} is not valid base64 float32: ${(err as Error).message}`, body);
    }
  }
  if (Array.isArray(value) && value.every((x) => typeof x === 'number'))
    return Float32Array.from(value as number[]);
  throw badResponse(`Embedding ${at} is neither a number array nor base64.`, body);
}

/**
 * Accepts OpenAI's `{ data: [{ index, embedding }] }` (float array or base64 string), a bare
 * `{ embeddings: [[...]] }` (Ollama, some gateways) and a single `{ embedding: [...] }`.
 */
export function parseEmbeddings(body: unknown): EmbeddingsResult {
  const o = record(body);
  let vectors: Float32Array[];
  if (Array.isArray(o?.data)) {
    const rows = o.data.map((item, i) => {
      const r = record(item);
      const index = typeof r?.index === 'number' ? r.index : i;
      return { index, vector: toVector(r ? r.embedding : item, i, body) };
    });
    vectors = rows.sort((a, b) => a.index - b.index).map((r) => r.vector);
  } else if (Array.isArray(o?.embeddings)) {
    vectors = o.embeddings.map((e, i) => toVector(e, i, body));
  } else if (o?.embedding !== undefined) {
    vectors = [toVector(o.embedding, 0, body)];
  } else {
    throw badResponse('The embeddings reply has no data[].embedding.', body);
  }
  const usage = record(o?.usage);
  const num = (x: unknown) => (typeof x === 'number' ? x : undefined);
  return {
    vectors,
    model: typeof o?.model === 'string' ? o.model : undefined,
    usage: usage
      ? { prompt_tokens: num(usage.prompt_tokens), total_tokens: num(usage.total_tokens) }
      : undefined,
    cost: num(usage?.cost),
  };
}

export async function createEmbeddings(
  client: GatewayClient,
  target: GatewayTarget,
  request: EmbeddingsRequest,
  opts: CallOptions = {},
): Promise<EmbeddingsResult> {
  const { body } = await client.json(
    target,
    { method: 'POST', url: apiUrl(target, 'embeddings'), json: request },
    { maxBytes: REPLY_CAPS.embeddings, ...opts },
  );
  const result = parseEmbeddings(body);
  if (result.vectors.length !== request.input.length) {
    throw badResponse(
      `The gateway sent ${result.vectors.length} embeddings for ${request.input.length} inputs.`,
      body,
    );
  }
  return result;
}
