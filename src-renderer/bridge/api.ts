import type { AppError } from '../../src-shared/result';
import type { EventMap, EventName, GatehouseApi, RouteName, Routes } from '../../src-shared/ipc/contract';
import type { InputOf, OutputOf } from '../../src-shared/ipc/define-route';
import { createWsBridge } from './ws-bridge';

declare global {
  interface Window {
    gatehouse?: GatehouseApi;
  }
}

let api: GatehouseApi | undefined;

/** The preload's object in Electron; in browser mode, the WebSocket bridge (design §7). */
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

export function asAppError(err: unknown): AppError {
  if (err instanceof RouteError) return err.error;
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
}
