import type { GatehouseApi } from '../../src-shared/ipc/contract';
import type { BridgeMessage, BridgeRequest } from '../../src-shared/ipc/bridge-protocol';
import type { Result } from '../../src-shared/result';
import type { StreamLost } from '../../src-shared/ipc/define-stream';

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
  // Like the preload: one routing table for every stream, by id.
  const streamListeners = new Map<string, (event: unknown) => void>();

  ws.addEventListener('message', (ev) => {
    const msg = JSON.parse(String(ev.data)) as BridgeMessage;
    if (msg.type === 'result') {
      pending.get(msg.id)?.(msg.result);
      pending.delete(msg.id);
    } else if (msg.type === 'stream') {
      const listener = streamListeners.get(msg.streamId);
      if (msg.last) streamListeners.delete(msg.streamId);
      if (listener && msg.event !== null) listener(msg.event);
    } else if (msg.type === 'rejected') {
      // Only a frame this bridge did not build gets here; say so where a developer will look.
      console.error('Browser-mode bridge refused a frame:', msg.error.message);
    } else {
      // One frame holds the events of one turn of main's loop, in the order they were emitted.
      for (const { name, payload } of msg.items) for (const l of listeners.get(name) ?? []) l(payload);
    }
  });
  ws.addEventListener('close', () => {
    const error = { code: 'network' as const, message: 'The browser-mode server has stopped.' };
    for (const resolve of pending.values()) resolve({ ok: false, error });
    pending.clear();
    // No event of these streams can arrive any more: end each, so no reply waits forever.
    for (const listener of streamListeners.values()) listener({ type: 'lost', error } satisfies StreamLost);
    streamListeners.clear();
  });

  /** Sends a request that main answers with a `result`; always settles, even if the socket is gone. */
  async function request(make: (id: number) => BridgeRequest): Promise<Result<unknown>> {
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
      ws.send(JSON.stringify(make(id)));
    });
  }

  return {
    invoke: ((route: string, input: unknown) =>
      request((id) => ({ type: 'invoke', id, route, input }))) as GatehouseApi['invoke'],
    subscribe: (async (stream: string, streamId: string, input: unknown, onEvent: (e: unknown) => void) => {
      if (streamListeners.has(streamId)) {
        return {
          ok: false,
          error: { code: 'invalid_input', message: `streamId: ${streamId} is already in use.` },
        };
      }
      // Registered before main hears of the stream, so not even its first event can be missed.
      streamListeners.set(streamId, onEvent);
      const result = await request((id) => ({ type: 'subscribe', id, stream, streamId, input }));
      if (!result.ok && streamListeners.get(streamId) === onEvent) streamListeners.delete(streamId);
      return result;
    }) as GatehouseApi['subscribe'],
    unsubscribe: (streamId) => {
      streamListeners.delete(streamId);
      if (ws.readyState === WebSocket.OPEN) {
        ws.send(JSON.stringify({ type: 'unsubscribe', streamId } satisfies BridgeRequest));
      }
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
  };
}
