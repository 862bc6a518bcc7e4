import type { IpcMainEvent, IpcMainInvokeEvent, WebContents, WebFrameMain } from 'electron';
import type { ElectronEdge, GuardedContents } from './electron-edge';
import type { Dispatch } from '../ipc/router';
import type { StreamRouter } from '../ipc/stream-router';
import type { Subscriber } from '../ipc/stream-hub';

import { IPC_CHANNELS } from '../../src-shared/ipc/channels';

/**
 * The sender as the router's policy reads it: a frame without a parent is a top frame. Asked of
 * the frame itself, not by comparing it with `sender.mainFrame`: Electron may hand out a new
 * WebFrameMain object for the same frame, and identity would then refuse the app's own window.
 */
export function senderInfo(event: IpcMainEvent | IpcMainInvokeEvent) {
  const frame = event.senderFrame;
  return { url: frame?.url ?? '', isMainFrame: !!frame && frame.parent === null };
}

type IpcMainEdge = ElectronEdge['ipcMain'];

/**
 * One IPC channel for all routes; the router checks the sender frame and the input. Each page
 * gets one signal, aborted when it goes away (reload, navigation, crash, closed window), which
 * the handlers of its calls receive.
 */
export function bindRouter(ipcMain: IpcMainEdge, dispatch: Dispatch): void {
  const pages = new WeakMap<GuardedContents, AbortController>();
  const watched = new WeakSet<GuardedContents>();
  const pageSignal = (contents: GuardedContents) => {
    // Watched once per WebContents: a reload ends the page's signal, the next call gets a new one.
    if (!watched.has(contents)) {
      watched.add(contents);
      const gone = () => {
        pages.get(contents)?.abort(new Error('The page went away.'));
        pages.delete(contents);
      };
      contents.on('did-navigate', gone);
      contents.on('render-process-gone', gone);
      contents.once('destroyed', gone);
    }
    let page = pages.get(contents);
    if (!page) {
      page = new AbortController();
      pages.set(contents, page);
    }
    return page.signal;
  };
  ipcMain.handle(IPC_CHANNELS.invoke, (event, route: unknown, input: unknown) =>
    dispatch(typeof route === 'string' ? route : '', input, senderInfo(event), pageSignal(event.sender)),
  );
}

/**
 * Streams: each subscribing frame is one subscriber, and its events are sent to that frame
 * alone. A frame whose page goes away (reload, navigation, crash, closed window) is dropped, which
 * aborts its streams: nobody is left to read them.
 */
export function bindStreams(ipcMain: IpcMainEdge, router: StreamRouter): void {
  const byFrame = new Map<string, Subscriber>();
  const watched = new WeakSet<GuardedContents>();

  const dropContents = (id: number) => {
    for (const [key, subscriber] of byFrame) {
      if (!key.startsWith(`${id}:`)) continue;
      byFrame.delete(key);
      router.drop(subscriber);
    }
  };
  const watch = (contents: GuardedContents) => {
    if (watched.has(contents)) return;
    watched.add(contents);
    // Read the id now: a destroyed WebContents can no longer be asked.
    const id = contents.id;
    // did-navigate, not did-start-navigation: a navigation the window rules prevent (a file
    // dropped on the window, a link) has started but never commits, and the page stays.
    // did-navigate comes only for the top frame's cross-document navigations, reloads included.
    contents.on('did-navigate', () => dropContents(id));
    contents.on('render-process-gone', () => dropContents(id));
    contents.once('destroyed', () => dropContents(id));
  };
  const subscriberFor = (contents: GuardedContents, frame: WebFrameMain): Subscriber => {
    const key = `${contents.id}:${frame.processId}:${frame.routingId}`;
    let subscriber = byFrame.get(key);
    if (!subscriber) {
      subscriber = {
        send: (streamId, event, last) => {
          if (!frame.isDestroyed() && !frame.detached)
            frame.send(IPC_CHANNELS.streamEvent, streamId, event, last);
        },
      };
      byFrame.set(key, subscriber);
      watch(contents);
    }
    return subscriber;
  };

  ipcMain.handle(IPC_CHANNELS.subscribe, async (event, name: unknown, streamId: unknown, input: unknown) => {
    const frame = event.senderFrame;
    if (!frame) return { ok: false, error: { code: 'forbidden_sender', message: 'The frame is gone.' } };
    const subscriber = subscriberFor(event.sender, frame);
    const result = await router.subscribe(
      typeof name === 'string' ? name : '',
      streamId,
      input,
      senderInfo(event),
      subscriber,
    );
    // A frame that may not call never owns a stream: forget it rather than keep one per refusal.
    if (!result.ok && result.error.code === 'forbidden_sender') {
      byFrame.delete(`${event.sender.id}:${frame.processId}:${frame.routingId}`);
    }
    return result;
  });
  ipcMain.on(IPC_CHANNELS.unsubscribe, (event, streamId: unknown) => {
    const frame = event.senderFrame;
    const subscriber = frame && byFrame.get(`${event.sender.id}:${frame.processId}:${frame.routingId}`);
    if (subscriber) router.unsubscribe(subscriber, streamId);
  });
}

export function sendEvent(
  contents: Pick<WebContents, 'send' | 'isDestroyed'> | undefined,
  name: string,
  payload: unknown,
): void {
  if (contents && !contents.isDestroyed()) contents.send(IPC_CHANNELS.event, name, payload);
}
