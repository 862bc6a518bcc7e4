import type { GatehouseApi } from '../../src-shared/ipc/contract';
import type { BridgeMessage, BridgeRequest } from '../../src-shared/ipc/bridge-protocol';

/**
 * Browser mode's stand-in for the preload: the same API object, carried over a WebSocket to the
 * Node process that runs main's router. Calls made before the socket opens wait for it.
 */
export function createWsBridge(url: string): GatehouseApi {
  const ws = new WebSocket(url);
  const opened = new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('The browser-mode bridge could not connect.')), {
      once: true,
    });
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  ws.addEventListener('message', (ev) => {
    const msg = JSON.parse(String(ev.data)) as BridgeMessage;
    if (msg.type === 'result') {
      pending.get(msg.id)?.(msg.result);
      pending.delete(msg.id);
    } else {
      for (const l of listeners.get(msg.name) ?? []) l(msg.payload);
    }
  });
  ws.addEventListener('close', () => {
    for (const resolve of pending.values()) {
      resolve({ ok: false, error: { code: 'network', message: 'The browser-mode server has stopped.' } });
    }
    pending.clear();
  });

  return {
    invoke: (async (route: string, input: unknown) => {
      try {
        await opened;
      } catch (err) {
        return { ok: false, error: { code: 'network', message: (err as Error).message } };
      }
      // After the server went away a send would vanish and the call would never settle.
      if (ws.readyState !== WebSocket.OPEN) {
        return { ok: false, error: { code: 'network', message: 'The browser-mode server has stopped.' } };
      }
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve as (result: unknown) => void);
        ws.send(JSON.stringify({ type: 'invoke', id, route, input } satisfies BridgeRequest));
      });
    }) as GatehouseApi['invoke'],
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
  };
}
