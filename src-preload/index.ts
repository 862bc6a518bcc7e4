import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CHANNELS } from '../src-shared/ipc/channels';
import type { GatehouseApi } from '../src-shared/ipc/contract';

// The one list of channel names main binds too (a few constants: the sandboxed bundle stays tiny).
const {
  invoke: INVOKE_CHANNEL,
  event: EVENT_CHANNEL,
  subscribe: SUBSCRIBE_CHANNEL,
  unsubscribe: UNSUBSCRIBE_CHANNEL,
  streamEvent: STREAM_EVENT_CHANNEL,
} = IPC_CHANNELS;

// One listener for every stream, routing by id: a stream's events reach only its own callback.
const streamListeners = new Map<string, (event: unknown) => void>();
ipcRenderer.on(STREAM_EVENT_CHANNEL, (_e, streamId: string, event: unknown, last: boolean) => {
  const listener = streamListeners.get(streamId);
  if (last) streamListeners.delete(streamId);
  if (listener && event !== null) listener(event);
});

/** Named functions only: the window never gets ipcRenderer itself. */
const api: GatehouseApi = {
  invoke: (route, input) => ipcRenderer.invoke(INVOKE_CHANNEL, route, input),
  on: (event, listener) => {
    const wrapped = (_e: IpcRendererEvent, name: string, payload: unknown) => {
      if (name === event) listener(payload as never);
    };
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
    };
  },
  subscribe: async (name, streamId, input, onEvent) => {
    if (streamListeners.has(streamId)) {
      return {
        ok: false,
        error: { code: 'invalid_input', message: `streamId: ${streamId} is already in use.` },
      };
    }
    // Registered before main hears of the stream, so not even its first event can be missed.
    streamListeners.set(streamId, onEvent as (event: unknown) => void);
    const forget = () => {
      if (streamListeners.get(streamId) === onEvent) streamListeners.delete(streamId);
    };
    try {
      const result = await ipcRenderer.invoke(SUBSCRIBE_CHANNEL, name, streamId, input);
      if (!result.ok) forget();
      return result;
    } catch (err) {
      forget();
      throw err;
    }
  },
  unsubscribe: (streamId) => {
    streamListeners.delete(streamId);
    ipcRenderer.send(UNSUBSCRIBE_CHANNEL, streamId);
  },
};

contextBridge.exposeInMainWorld('gatehouse', api);
