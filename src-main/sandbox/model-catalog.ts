import { modelNotFound } from './errors';

export type ModelKind = 'chat' | 'embedding' | 'image' | 'speech' | 'video' | 'judge';

export interface CatalogModel {
  id: string;
  kind: ModelKind;
  /** Unix seconds, fixed so the model list is stable between runs. */
  created: number;
  /** Chat models: takes text only, so image parts are refused (as the real API does). */
  textOnly?: boolean;
  /** Chat models: a reasoning model, the only kind that takes `reasoning_effort`. */
  reasoning?: boolean;
}

export const MODEL_CATALOG: readonly CatalogModel[] = [
  { id: 'sandbox-chat-1', kind: 'chat', created: 1735689600 },
  { id: 'sandbox-chat-mini', kind: 'chat', created: 1735689600 },
  { id: 'sandbox-chat-text', kind: 'chat', created: 1735689600, textOnly: true },
  { id: 'sandbox-chat-reasoning', kind: 'chat', created: 1735689600, reasoning: true },
  { id: 'sandbox-embed-1', kind: 'embedding', created: 1735689600 },
  { id: 'sandbox-image-1', kind: 'image', created: 1735689600 },
  { id: 'sandbox-tts-1', kind: 'speech', created: 1735689600 },
  { id: 'vidmodel-2-0-260128', kind: 'video', created: 1769558400 },
  { id: 'vidmodel-2-0-fast-260128', kind: 'video', created: 1769558400 },
  { id: 'judge-1.13.0', kind: 'judge', created: 1767225600 },
  { id: 'judge-latest', kind: 'judge', created: 1767225600 },
  { id: 'judge-preview', kind: 'judge', created: 1767225600 },
];

export function findModel(id: string, kind?: ModelKind): CatalogModel | undefined {
  return MODEL_CATALOG.find((m) => m.id === id && (kind === undefined || m.kind === kind));
}

/** The catalog entry for `id` of this kind, or throws the gateway's 404 `model_not_found`. */
export function requireModel(id: string, kind: ModelKind): CatalogModel {
  const model = findModel(id, kind);
  if (!model) throw modelNotFound(id, findModel(id) ? `${kind} requests` : undefined);
  return model;
}
