import type { EventMap, GatehouseApi } from '../../src-shared/ipc/contract';
import { setApi } from '../bridge/api';

type Handler = (input: unknown) => unknown;

/** A stand-in for the preload: routes answer from a table, events are fired by the test. */
export function installFakeBridge(handlers: Record<string, Handler>) {
  const calls: { route: string; input: unknown }[] = [];
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const api: GatehouseApi = {
    invoke: (async (route: string, input: unknown) => {
      calls.push({ route, input });
      const h = handlers[route];
      if (!h) return { ok: false, error: { code: 'unknown_route', message: route } };
      try {
        return { ok: true, data: await h(input) };
      } catch (err) {
        return { ok: false, error: err };
      }
    }) as GatehouseApi['invoke'],
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (p: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (p: unknown) => void);
    },
  };
  setApi(api);
  return {
    calls,
    emit<K extends keyof EventMap>(name: K, payload: EventMap[K]) {
      for (const l of listeners.get(name) ?? []) l(payload);
    },
  };
}
