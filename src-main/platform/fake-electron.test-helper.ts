import { request as httpRequest } from 'node:http';
import type {
  App,
  BrowserWindowConstructorOptions,
  Net,
  CustomScheme,
  Event as ElectronEvent,
  HandlerDetails,
  IpcMainEvent,
  IpcMainInvokeEvent,
  Session,
  WebContents,
  WebContentsDidStartNavigationEventParams,
  WebContentsWillNavigateEventParams,
  WebFrameMain,
  WebPreferences,
  WindowOpenHandlerResponse,
} from 'electron';
import type { AppWindow, ElectronEdge, ElectronMain, GuardedContents } from './electron-edge';

/**
 * A fake of the Electron API the composition root wires (ElectronEdge), recording what the real
 * platform functions register so a test can fire Electron's events at it. Every recorded handler
 * keeps Electron's own type; the events the fake fires are built from Electron's parameter
 * types. `on` is the one exception: Electron declares it as dozens of overloads, which no single
 * function can implement, so the fake's `on` is cast once, here, and fired through typed helpers.
 */

type AnyListener = (...args: never[]) => unknown;

class Listeners {
  private map = new Map<string, AnyListener[]>();
  add(event: string, listener: AnyListener) {
    this.map.set(event, [...(this.map.get(event) ?? []), listener]);
  }
  fire(event: string, ...args: unknown[]) {
    for (const l of this.map.get(event) ?? []) (l as (...a: unknown[]) => unknown)(...args);
  }
}

/** An Electron event object: preventDefault and defaultPrevented, plus its parameters. */
export function fakeEvent<P extends object>(params: P): ElectronEvent<P> {
  let prevented = false;
  return Object.assign(
    {
      preventDefault: () => {
        prevented = true;
      },
      get defaultPrevented() {
        return prevented;
      },
    },
    params,
  );
}

type FakeFrameFields = Pick<
  WebFrameMain,
  'url' | 'origin' | 'processId' | 'routingId' | 'detached' | 'isDestroyed' | 'send'
>;

/** A frame: the top frame (parent null) or a subframe of `parent`. */
export function fakeFrame(url: string, parent: WebFrameMain | null = null, routingId = 1): WebFrameMain {
  const sent: unknown[][] = [];
  const frame: FakeFrameFields & { parent: WebFrameMain | null; sent: unknown[][] } = {
    url,
    origin: new URL(url).origin,
    processId: 7,
    routingId,
    detached: false,
    isDestroyed: () => false,
    send: (...args: unknown[]) => {
      sent.push(args);
    },
    parent,
    sent,
  };
  // The other members of WebFrameMain are never read by the code under test.
  return frame as unknown as WebFrameMain;
}

export const sentTo = (frame: WebFrameMain) => (frame as unknown as { sent: unknown[][] }).sent;

let nextContentsId = 1;

export class FakeWebContents implements GuardedContents {
  readonly id = nextContentsId++;
  readonly listeners = new Listeners();
  windowOpenHandler?: (details: HandlerDetails) => WindowOpenHandlerResponse;
  mainFrame: WebFrameMain;
  readonly on = ((event: string, listener: AnyListener) => {
    this.listeners.add(event, listener);
    return this;
  }) as unknown as WebContents['on'];
  readonly once = this.on as unknown as WebContents['once'];

  /** What main sent the page on its event channel. */
  readonly sentEvents: unknown[][] = [];
  destroyed = false;

  constructor(url = 'gatehouse-app://app/index.html') {
    this.mainFrame = fakeFrame(url);
  }

  send(...args: unknown[]): void {
    this.sentEvents.push(args);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.windowOpenHandler = handler;
  }

  /** What a page's `window.open(url)` (or a target=_blank click) gets back. */
  windowOpen(url: string): WindowOpenHandlerResponse | undefined {
    return this.windowOpenHandler?.({
      url,
      frameName: '',
      features: '',
      disposition: 'foreground-tab',
      referrer: { url: '', policy: 'strict-origin-when-cross-origin' },
    });
  }

  /**
   * A navigation of the top frame as Electron reports it: did-start-navigation first, then
   * will-navigate, which may prevent it; only a navigation that went on commits (did-navigate).
   */
  navigate(url: string): { prevented: boolean } {
    const params = { url, isSameDocument: false, isMainFrame: true, frame: this.mainFrame };
    this.listeners.fire('did-start-navigation', fakeEvent<WebContentsDidStartNavigationEventParams>(params));
    const willNavigate = fakeEvent<WebContentsWillNavigateEventParams>(params);
    this.listeners.fire('will-navigate', willNavigate);
    if (!willNavigate.defaultPrevented) this.listeners.fire('did-navigate', fakeEvent({}), url, 200, 'OK');
    return { prevented: willNavigate.defaultPrevented };
  }

  /** A page-initiated reload: Electron fires no will-navigate for it. */
  reload(): void {
    const url = this.mainFrame.url;
    const params = { url, isSameDocument: false, isMainFrame: true, frame: this.mainFrame };
    this.listeners.fire('did-start-navigation', fakeEvent<WebContentsDidStartNavigationEventParams>(params));
    this.listeners.fire('did-navigate', fakeEvent({}), url, 200, 'OK');
  }

  /** Fires a cancellable event with an empty event object; says whether it was prevented. */
  fireCancellable(event: 'will-redirect' | 'will-attach-webview', ...rest: unknown[]): boolean {
    const e = fakeEvent({});
    this.listeners.fire(event, e, ...rest);
    return e.defaultPrevented;
  }

  /** An IPC event from `frame` of this contents. */
  ipcEvent(frame: WebFrameMain | null): IpcMainInvokeEvent & IpcMainEvent {
    return { sender: this, senderFrame: frame } as unknown as IpcMainInvokeEvent & IpcMainEvent;
  }
}

type PermissionRequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type PermissionCheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];
type ProtocolHandler = Parameters<ElectronEdge['protocol']['handle']>[1];
type InvokeHandler = Parameters<ElectronEdge['ipcMain']['handle']>[1];
type IpcListener = (event: IpcMainEvent, ...args: unknown[]) => void;

/** The fake modules, shaped as ElectronEdge so they can be passed where index.ts passes Electron. */
export function fakeElectron() {
  const appListeners = new Listeners();
  const state = {
    permissionRequest: undefined as PermissionRequestHandler | undefined,
    permissionCheck: undefined as PermissionCheckHandler | undefined,
    protocols: new Map<string, ProtocolHandler>(),
    privilegedSchemes: [] as CustomScheme[],
    invokeHandlers: new Map<string, InvokeHandler>(),
    ipcListeners: new Map<string, IpcListener>(),
    openedExternally: [] as string[],
    windows: [] as BrowserWindowConstructorOptions[],
    /** What Chromium's proxy resolver answers (a PAC result), and the addresses it was asked for. */
    pac: 'DIRECT',
    proxyAsked: [] as string[],
  };
  const edge: ElectronEdge = {
    app: {
      on: ((event: string, listener: AnyListener) => {
        appListeners.add(event, listener);
        return edge.app;
      }) as unknown as ElectronEdge['app']['on'],
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler) => {
          state.permissionRequest = handler ?? undefined;
        },
        setPermissionCheckHandler: (handler) => {
          state.permissionCheck = handler ?? undefined;
        },
        resolveProxy: async (url) => {
          state.proxyAsked.push(url);
          return state.pac;
        },
      },
    },
    shell: {
      openExternal: async (url) => {
        state.openedExternally.push(url);
      },
    },
    ipcMain: {
      handle: (channel, listener) => {
        state.invokeHandlers.set(channel, listener);
      },
      on: ((channel: string, listener: IpcListener) => {
        state.ipcListeners.set(channel, listener);
        return edge.ipcMain;
      }) as unknown as ElectronEdge['ipcMain']['on'],
    },
    protocol: {
      handle: (scheme, handler) => {
        state.protocols.set(scheme, handler);
      },
      registerSchemesAsPrivileged: (schemes) => {
        state.privilegedSchemes = schemes;
      },
    },
  };

  /** BrowserWindow as the app's wiring uses it: records the options, fires its own events. */
  class FakeBrowserWindow implements AppWindow {
    static readonly open: FakeBrowserWindow[] = [];
    static getAllWindows(): FakeBrowserWindow[] {
      return FakeBrowserWindow.open;
    }
    readonly webContents = new FakeWebContents();
    readonly listeners = new Listeners();
    loaded?: string;
    shown = false;
    maximized = false;
    constructor(readonly options: BrowserWindowConstructorOptions) {
      state.windows.push(options);
      FakeBrowserWindow.open.push(this);
      // Electron announces every WebContents it creates.
      appListeners.fire('web-contents-created', fakeEvent({}), this.webContents);
    }
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
    show() {
      this.shown = true;
    }
    maximize() {
      this.maximized = true;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    once(event: 'ready-to-show', listener: () => void) {
      this.listeners.add(event, listener);
      return this;
    }
    on(event: 'closed', listener: () => void) {
      this.listeners.add(event, listener);
      return this;
    }
    /** The user closes the window: Electron destroys its page and says so. */
    close() {
      FakeBrowserWindow.open.splice(FakeBrowserWindow.open.indexOf(this), 1);
      this.webContents.destroyed = true;
      this.webContents.listeners.fire('destroyed');
      this.listeners.fire('closed');
    }
  }

  /** Electron's answer to a permission request, through the handler the code installed. */
  const requestPermission = (
    permission: Parameters<PermissionRequestHandler & object>[1],
    requestingUrl: string,
    isMainFrame = true,
  ): Promise<boolean> =>
    new Promise((resolve) => {
      if (!state.permissionRequest) return resolve(false);
      state.permissionRequest(
        new FakeWebContents(requestingUrl) as unknown as WebContents,
        permission,
        resolve,
        { requestingUrl, isMainFrame },
      );
    });

  const checkPermission = (
    permission: Parameters<PermissionCheckHandler & object>[1],
    requestingOrigin: string,
    isMainFrame = true,
  ): boolean =>
    state.permissionCheck?.(null, permission, requestingOrigin, {
      requestingUrl: requestingOrigin,
      isMainFrame,
      embeddingOrigin: requestingOrigin,
    }) ?? false;

  const webPreferences = (): WebPreferences => state.windows.at(-1)?.webPreferences ?? {};

  return {
    edge,
    state,
    FakeBrowserWindow,
    requestPermission,
    checkPermission,
    webPreferences,
    fireApp: (event: 'web-contents-created', contents: FakeWebContents) =>
      appListeners.fire(event, fakeEvent({}), contents),
    appListeners,
  };
}

/**
 * The whole of Electron's main-process API the app's wiring (runElectronApp) calls, on top of
 * fakeElectron: the app's life cycle (ready, single-instance lock, quit and exit), dialogs, and
 * a net whose requests go through Node's http (so the Sandbox answers for real).
 */
export function fakeElectronMain(opts: { userData: string; lockHeld?: boolean; isPackaged?: boolean }) {
  const base = fakeElectron();
  const life = {
    paths: new Map<string, string>([['userData', opts.userData]]),
    lockHeld: false,
    lockReleased: false,
    quits: 0,
    exitCode: undefined as number | undefined,
    errorBoxes: [] as { title: string; content: string }[],
  };
  const on = base.edge.app.on;
  const app: ElectronMain<InstanceType<typeof base.FakeBrowserWindow>>['app'] = {
    on,
    isPackaged: opts.isPackaged ?? true,
    whenReady: () => Promise.resolve(),
    getPath: ((name: string) => life.paths.get(name) ?? `/fake/${name}`) as App['getPath'],
    setPath: (name, path) => void life.paths.set(name, path),
    getVersion: () => '0.0.0-test',
    requestSingleInstanceLock: () => {
      if (opts.lockHeld) return false;
      life.lockHeld = true;
      return true;
    },
    releaseSingleInstanceLock: () => {
      life.lockHeld = false;
      life.lockReleased = true;
    },
    quit: () => {
      life.quits += 1;
      // Electron asks before-quit, then will-quit (which may hold the quit), as the app quits.
      const before = fakeEvent({});
      base.appListeners.fire('before-quit', before);
      const will = fakeEvent({});
      base.appListeners.fire('will-quit', will);
    },
    exit: (code) => {
      life.exitCode = code ?? 0;
    },
  };
  const main: ElectronMain<InstanceType<typeof base.FakeBrowserWindow>> = {
    ...base.edge,
    app,
    BrowserWindow: base.FakeBrowserWindow,
    dialog: { showErrorBox: (title, content) => void life.errorBoxes.push({ title, content }) },
    net: {
      // Node's ClientRequest has what the manual-redirect adapter uses of Electron's.
      request: ((options: { method: string; url: string }) =>
        httpRequest(options.url, { method: options.method })) as unknown as Net['request'],
      fetch: (input, init) => fetch(input, init),
    },
  };
  return { ...base, main, life };
}
