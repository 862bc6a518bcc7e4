import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { GatehouseApi } from '../src-shared/ipc/contract';

// Channel names are repeated here (not imported) so the sandboxed preload bundle stays tiny.
const INVOKE_CHANNEL = 'gatehouse:invoke';
const EVENT_CHANNEL = 'gatehouse:event';

/** Named functions only: the window never gets ipcRenderer itself (design §4). */
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
};

contextBridge.exposeInMainWorld('gatehouse', api);
