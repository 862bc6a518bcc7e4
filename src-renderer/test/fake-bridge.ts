import type { EventMap, GatehouseApi } from '../../src-shared/ipc/contract';
import { setApi } from '../bridge/api';

type Handler = (input: unknown) => unknown;

/**
 * A stand-in for the preload: routes and stream starts answer from one table (keyed by route or
 * stream name), broadcasts and stream events are fired by the test. Like the preload, a stream's
 * events reach only the listener registered under its id, and nothing after `last` or unsubscribe.
 */
export function installFakeBridge(handlers: Record<string, Handler>) {
  const calls: { route: string; input: unknown; streamId?: string }[] = [];
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const streams = new Map<string, (event: unknown) => void>();
  const unsubscribed: string[] = [];
  const answer = async (route: string, input: unknown) => {
    const h = handlers[route];
    if (!h) return { ok: false, error: { code: 'unknown_route', message: route } };
    try {
      return { ok: true, data: await h(input) };
    } catch (err) {
      return { ok: false, error: err };
    }
  };
  const api: GatehouseApi = {
    invoke: (async (route: string, input: unknown) => {
      calls.push({ route, input });
      return answer(route, input);
    }) as GatehouseApi['invoke'],
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (p: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (p: unknown) => void);
    },
    subscribe: (async (name: string, streamId: string, input: unknown, onEvent: (e: unknown) => void) => {
      calls.push({ route: name, input, streamId });
      streams.set(streamId, onEvent);
      const result = await answer(name, input);
      if (!result.ok) streams.delete(streamId);
      return result;
    }) as GatehouseApi['subscribe'],
    unsubscribe: (streamId) => {
      streams.delete(streamId);
      unsubscribed.push(streamId);
    },
  };
  setApi(api);
  return {
    calls,
    unsubscribed,
    /** The stream id of the n-th stream started (0 = the first). */
    streamId(n = 0): string {
      const id = calls.filter((c) => c.streamId)[n]?.streamId;
      if (!id) throw new Error(`no stream #${n} was started`);
      return id;
    },
    isSubscribed: (streamId: string) => streams.has(streamId),
    emit<K extends keyof EventMap>(name: K, payload: EventMap[K]) {
      for (const l of listeners.get(name) ?? []) l(payload);
    },
    streamEvent(streamId: string, event: unknown, last = false) {
      const listener = streams.get(streamId);
      if (last) streams.delete(streamId);
      listener?.(event);
    },
  };
}
