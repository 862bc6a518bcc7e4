import { ipcMain, type WebContents } from 'electron';
import type { Dispatch } from '../ipc/router';

export const INVOKE_CHANNEL = 'gatehouse:invoke';
export const EVENT_CHANNEL = 'gatehouse:event';

/** One IPC channel for all routes; the router checks the sender frame and the input. */
export function bindRouter(dispatch: Dispatch): void {
  ipcMain.handle(INVOKE_CHANNEL, (event, route: unknown, input: unknown) => {
    const frame = event.senderFrame;
    const sender = { url: frame?.url ?? '', isMainFrame: !!frame && frame === event.sender.mainFrame };
    return dispatch(typeof route === 'string' ? route : '', input, sender);
  });
}

export function sendEvent(contents: WebContents | undefined, name: string, payload: unknown): void {
  if (contents && !contents.isDestroyed()) contents.send(EVENT_CHANNEL, name, payload);
}
