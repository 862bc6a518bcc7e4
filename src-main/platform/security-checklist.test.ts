import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContextBridge, IpcRenderer } from 'electron';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import config from '../../electron-builder.config';
import { APP_CSP } from '../core/app-protocol/app-csp';
import { APP_ENTRY_URL, APP_ORIGIN, APP_SCHEME } from '../core/app-protocol/app-origin';
import { IPC_CHANNELS } from '../../src-shared/ipc/channels';
import { runElectronApp } from './electron-app';
import { fakeAdapters } from './electron-adapters.test-helper';
import { fakeElectronMain, fakeFrame, FakeWebContents } from './fake-electron.test-helper';
import { windowEntry } from './main-window';

/**
 * Electron's security checklist, one test per item, each asserting on what the app's real wiring
 * (runElectronApp, which index.ts calls) does against the typed Electron fake: no copy of the
 * wiring here, so a change to it is a change to what these tests see (docs/architecture.md,
 * "Security in one place").
 */

// Item 20 loads the real preload; its `electron` is this fake (typed against Electron's own).
const preload = vi.hoisted(() => ({
  exposed: [] as [string, unknown][],
  invoked: [] as unknown[][],
  /** Every channel the preload names, however it uses it. */
  channels: new Set<string>(),
}));
vi.mock('electron', () => {
  const contextBridge: Pick<ContextBridge, 'exposeInMainWorld'> = {
    exposeInMainWorld: (key, api) => void preload.exposed.push([key, api]),
  };
  const ipcRenderer: Pick<IpcRenderer, 'invoke' | 'send' | 'on' | 'removeListener'> = {
    invoke: async (...args) => {
      preload.invoked.push(args);
      preload.channels.add(args[0]);
      return { ok: true, data: null };
    },
    send: (channel) => void preload.channels.add(channel),
    on: (channel) => (preload.channels.add(channel), ipcRenderer as IpcRenderer),
    removeListener: (channel) => (preload.channels.add(channel), ipcRenderer as IpcRenderer),
  };
  return { contextBridge, ipcRenderer };
});

/**
 * The packaged app as index.ts starts it: the real wiring (runElectronApp) over a fresh data
 * folder, with the typed Electron fake and fake adapters for key storage and dialogs.
 */
async function startPackagedApp() {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-checklist-'));
  const rendererDir = join(root, 'out', 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Gatehouse</title>');
  const fake = fakeElectronMain({ userData: join(root, 'data'), isPackaged: true });
  const run = await runElectronApp(fake.main, fakeAdapters(), {
    // A packaged app never takes its window's address from the environment.
    env: { ELECTRON_RENDERER_URL: 'http://evil.example:5173/' },
    argv: ['gatehouse'],
    mainDir: join(root, 'out', 'main'),
  });
  if (!run) throw new Error('the app did not start');
  const win = fake.FakeBrowserWindow.getAllWindows()[0];
  const entry = windowEntry(true, {});
  return { fake, entry, win, run, close: () => fake.main.app.quit() };
}

let app: Awaited<ReturnType<typeof startPackagedApp>>;
beforeAll(async () => {
  app = await startPackagedApp();
  return async () => {
    app.close();
    await app.run.app.dispose();
  };
});
const prefs = () => app.fake.webPreferences();
const invokeFrom = (contents: FakeWebContents, frame = contents.mainFrame) =>
  app.fake.state.invokeHandlers.get(IPC_CHANNELS.invoke)!(contents.ipcEvent(frame), 'app.info', {});

describe("Electron's security checklist, asserted on the composition root's wiring", () => {
  it('1. only load secure content: the packaged window loads the app scheme, registered secure, not its environment', () => {
    expect(app.win.loaded).toBe(APP_ENTRY_URL);
    const scheme = app.fake.state.privilegedSchemes.find((s) => s.scheme === APP_SCHEME);
    expect(scheme?.privileges).toMatchObject({ standard: true, secure: true });
    expect(app.fake.state.privilegedSchemes.every((s) => s.privileges?.secure)).toBe(true);
  });

  it('2. do not enable Node.js integration for remote content', () => {
    expect(prefs().nodeIntegration).toBe(false);
    expect(prefs().nodeIntegrationInWorker).not.toBe(true);
    expect(prefs().nodeIntegrationInSubFrames).not.toBe(true);
  });

  it('3. enable context isolation', () => {
    expect(prefs().contextIsolation).toBe(true);
  });

  it('4. enable process sandboxing', () => {
    expect(prefs().sandbox).toBe(true);
  });

  it('5. handle session permission requests: clipboard write and fullscreen for the app top frame only', async () => {
    const { requestPermission, checkPermission } = app.fake;
    expect(await requestPermission('clipboard-sanitized-write', APP_ENTRY_URL)).toBe(true);
    expect(await requestPermission('fullscreen', APP_ENTRY_URL)).toBe(true);
    for (const denied of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'] as const)
      expect(await requestPermission(denied, APP_ENTRY_URL), denied).toBe(false);
    expect(await requestPermission('fullscreen', APP_ENTRY_URL, false)).toBe(false);
    expect(await requestPermission('fullscreen', 'https://evil.example/')).toBe(false);
    expect(checkPermission('clipboard-sanitized-write', APP_ORIGIN)).toBe(true);
    expect(checkPermission('media', APP_ORIGIN)).toBe(false);
    expect(checkPermission('fullscreen', 'https://evil.example')).toBe(false);
  });

  it('6. do not disable webSecurity', () => {
    expect(prefs().webSecurity).toBe(true);
  });

  it('7. define a content security policy: the app scheme sends it as a header', async () => {
    const handler = app.fake.state.protocols.get(APP_SCHEME)!;
    const res = await handler(new Request(APP_ENTRY_URL));
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy');
    expect(csp).toBe(APP_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('8. do not enable allowRunningInsecureContent', () => {
    expect(prefs().allowRunningInsecureContent).toBe(false);
  });

  it('9. do not enable experimental features', () => {
    expect(prefs().experimentalFeatures).not.toBe(true);
  });

  it('10. do not use enableBlinkFeatures (and Auxclick is disabled)', () => {
    expect(prefs().enableBlinkFeatures).toBeUndefined();
    expect(prefs().disableBlinkFeatures).toBe('Auxclick');
  });

  // Items 11 and 12 concern <webview>, which Gatehouse never uses: the tag is off and any attach is refused.
  it('11. do not use allowpopups for WebViews: no webview can attach at all', () => {
    expect(prefs().webviewTag).toBe(false);
    const prefsOfGuest = { allowpopups: true };
    expect(app.win.webContents.fireCancellable('will-attach-webview', prefsOfGuest, {})).toBe(true);
  });

  it('12. verify WebView options before creation: will-attach-webview is prevented for every webview', () => {
    const other = new FakeWebContents();
    app.fake.fireApp('web-contents-created', other);
    expect(other.fireCancellable('will-attach-webview', {}, { src: 'https://evil.example/' })).toBe(true);
  });

  it('13. disable or limit navigation: every navigation and redirect is prevented', () => {
    const contents = app.win.webContents;
    for (const url of ['https://evil.example/', 'file:///etc/passwd', `${APP_ORIGIN}/other.html`])
      expect(contents.navigate(url), url).toEqual({ prevented: true });
    expect(contents.fireCancellable('will-redirect')).toBe(true);
  });

  it('14. disable or limit creation of new windows: every window.open is denied', () => {
    for (const url of ['https://example.com/', 'http://example.com/', APP_ENTRY_URL, 'about:blank'])
      expect(app.win.webContents.windowOpen(url), url).toEqual({ action: 'deny' });
  });

  it('15. do not use shell.openExternal with untrusted content: only https: links leave the app', () => {
    app.fake.state.openedExternally.length = 0;
    const contents = app.win.webContents;
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'http://example.com/', 'smb://host/x'])
      contents.windowOpen(url);
    expect(app.fake.state.openedExternally).toEqual([]);
    contents.windowOpen('https://example.com/docs');
    expect(app.fake.state.openedExternally).toEqual(['https://example.com/docs']);
  });

  it('16. use a current version of Electron: pinned exactly, a supported major, and installed as pinned', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    const pinned = pkg.devDependencies.electron;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    // Electron supports its latest three majors; 45 is the oldest this app is tested with.
    expect(Number(pinned.split('.')[0])).toBeGreaterThanOrEqual(45);
    const installed = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')) as {
      version: string;
    };
    expect(installed.version).toBe(pinned);
  });

  it('17. validate the sender of all IPC messages: only the app top frame may call or subscribe', async () => {
    const contents = app.win.webContents;
    expect(await invokeFrom(contents)).toMatchObject({ ok: true });
    const sub = fakeFrame(`${APP_ORIGIN}/x.html`, contents.mainFrame, 2);
    expect(await invokeFrom(contents, sub)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    const foreign = new FakeWebContents('https://evil.example/');
    expect(await invokeFrom(foreign)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    const subscribe = app.fake.state.invokeHandlers.get(IPC_CHANNELS.subscribe)!;
    const refused = await subscribe(foreign.ipcEvent(foreign.mainFrame), 'chat.reply', 'stream-evil1', {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('18. avoid the file:// protocol: the window and its files come from the app scheme, traversal refused', async () => {
    expect(new URL(app.entry.url).protocol).toBe(`${APP_SCHEME}:`);
    expect(app.entry.origins).toEqual([APP_ORIGIN]);
    const handler = app.fake.state.protocols.get(APP_SCHEME)!;
    const escape = await handler(new Request(`${APP_ORIGIN}/..%2f..%2fetc/passwd`));
    expect(escape.status).toBe(403);
    expect(config.electronFuses?.grantFileProtocolExtraPrivileges).toBe(false);
  });

  it('19. check which fuses you can change: flipped in the packaging config (all of them: packaging-config.test.ts)', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it('20. do not expose Electron APIs to untrusted web content: the preload exposes the four contract functions only', async () => {
    await import('../../src-preload/index');
    expect(preload.exposed.map(([key]) => key)).toEqual(['gatehouse']);
    const api = preload.exposed[0][1] as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on', 'subscribe', 'unsubscribe']);
    expect(Object.values(api).every((f) => typeof f === 'function')).toBe(true);
    // invoke reaches main on the one invoke channel only: no channel of the page's choosing.
    await (api.invoke as (route: string, input: unknown) => Promise<unknown>)('app.info', {});
    expect(preload.invoked).toEqual([[IPC_CHANNELS.invoke, 'app.info', {}]]);
  });

  it('20. (and the channels) the preload and main speak on the one list of channels, and main binds every call channel it names', async () => {
    await import('../../src-preload/index');
    const api = preload.exposed[0][1] as {
      subscribe(n: string, id: string, input: unknown, cb: () => void): Promise<unknown>;
      unsubscribe(id: string): void;
      on(event: string, cb: () => void): () => void;
    };
    await api.subscribe('chat.reply', 'stream-chan1', {}, () => undefined);
    api.unsubscribe('stream-chan1');
    api.on('app.notice', () => undefined)();
    expect([...preload.channels].sort()).toEqual(Object.values(IPC_CHANNELS).sort());
    // main answers the window's calls on the channels the preload sends them on.
    const bound = [...app.fake.state.invokeHandlers.keys(), ...app.fake.state.ipcListeners.keys()];
    expect(bound.sort()).toEqual(
      [IPC_CHANNELS.invoke, IPC_CHANNELS.subscribe, IPC_CHANNELS.unsubscribe].sort(),
    );
  });
});
