import type { AppError } from '../../src-shared/result';
import type {
  EventMap,
  EventName,
  GatehouseApi,
  RouteName,
  Routes,
  StreamName,
  Streams,
} from '../../src-shared/ipc/contract';
import type { StreamEventOf, StreamLost } from '../../src-shared/ipc/define-stream';
import type { InputOf, OutputOf } from '../../src-shared/ipc/define-route';
import { createWsBridge } from './ws-bridge';

declare global {
  interface Window {
    gatehouse?: GatehouseApi;
  }
}

let api: GatehouseApi | undefined;

/** The preload's object in Electron; in browser mode, the WebSocket bridge. */
export function getApi(): GatehouseApi {
  if (api) return api;
  if (window.gatehouse) {
    api = window.gatehouse;
  } else {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    api = createWsBridge(`${scheme}://${location.host}/bridge?token=${encodeURIComponent(token)}`);
  }
  return api;
}

/** For tests: put a fake bridge in place. */
export function setApi(next: GatehouseApi | undefined): void {
  api = next;
}

export const isBrowserMode = () => !window.gatehouse;

/** Thrown by `call` so react-query sees a failure while the window keeps every field. */
export class RouteError extends Error {
  constructor(public readonly error: AppError) {
    super(error.message);
    this.name = 'RouteError';
  }
}

export async function call<K extends RouteName>(
  route: K,
  input: InputOf<Routes[K]>,
): Promise<OutputOf<Routes[K]>> {
  const result = await getApi().invoke(route, input);
  if (!result.ok) throw new RouteError(result.error);
  return result.data;
}

export function onEvent<K extends EventName>(event: K, listener: (payload: EventMap[K]) => void): () => void {
  return getApi().on(event, listener);
}

/**
 * Starts a stream under a new id made here; its events reach `onEvent` only. Resolves with the
 * id once main has started it, and rejects with a RouteError when main refused.
 */
export async function openStream<K extends StreamName>(
  name: K,
  input: InputOf<Streams[K]>,
  onEvent: (event: StreamEventOf<Streams[K]> | StreamLost) => void,
  streamId: string = newStreamId(),
): Promise<{ streamId: string; output: OutputOf<Streams[K]> }> {
  const result = await getApi().subscribe(name, streamId, input, onEvent);
  if (!result.ok) throw new RouteError(result.error);
  return { streamId, output: result.data };
}

/** Stops listening; main aborts the work behind the stream. */
export function closeStream(streamId: string): void {
  getApi().unsubscribe(streamId);
}

/** A fresh id for a stream or a new conversation: made by the window, checked by main. */
export function newStreamId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function asAppError(err: unknown): AppError {
  if (err instanceof RouteError) return err.error;
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
}
