import type { CallOptions, GatewayClient } from './gateway-client';
import { REPLY_CAPS } from './reply-caps';
import { GatewayError } from './gateway-error';
import { apiUrl, type GatewayTarget } from './gateway-urls';
import type { ModelInfo } from '../../../src-shared/profiles/profile-view';

/** Accepts `{ data: [...] }`, `{ models: [...] }` or a bare array, of objects or of id strings. */
export function parseModelList(body: unknown): ModelInfo[] {
  const o = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const list = Array.isArray(body)
    ? body
    : Array.isArray(o.data)
      ? o.data
      : Array.isArray(o.models)
        ? o.models
        : undefined;
  if (!list) throw new GatewayError('bad_response', 'The model list has an unexpected shape.', 200);
  const out: ModelInfo[] = [];
  for (const item of list) {
    if (typeof item === 'string') out.push({ id: item });
    else if (item && typeof item === 'object') {
      const m = item as Record<string, unknown>;
      const id = typeof m.id === 'string' ? m.id : typeof m.name === 'string' ? m.name : undefined;
      // Some gateways say what a model does; the picker groups by it when they do.
      const said = [m.type, m.mode, m.model_type, m.task].find((v) => typeof v === 'string');
      if (id)
        out.push({
          id,
          ownedBy: typeof m.owned_by === 'string' ? m.owned_by : undefined,
          ...(typeof said === 'string' ? { type: said } : {}),
        });
    }
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

export async function listModels(
  client: GatewayClient,
  target: GatewayTarget,
  opts: CallOptions = {},
): Promise<ModelInfo[]> {
  const { body } = await client.json(
    target,
    { method: 'GET', url: apiUrl(target, 'models') },
    { maxBytes: REPLY_CAPS.models, ...opts },
  );
  return parseModelList(body);
}
