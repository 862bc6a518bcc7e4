import { afterEach, describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, APP_ORIGIN } from '../core/app-protocol/app-origin';
import { createAppRouter, createAppStreamRouter } from '../ipc/app-router';
import { originPolicy } from '../ipc/router';
import { testServices } from '../ipc/services.test-helper';
import { fakeElectron, fakeFrame, FakeWebContents } from './fake-electron.test-helper';
import { bindRouter, bindStreams } from './ipc-bridge';
import { IPC_CHANNELS } from '../../src-shared/ipc/channels';
import { hardenContents } from './window-security';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** The bridge wired as index.ts wires it, over the real services and a slow Sandbox. */
function wired() {
  const t = testServices({ sandbox: { tokenDelayMs: 40 } });
  cleanup = t.close;
  const fake = fakeElectron();
  const policy = originPolicy([APP_ORIGIN]);
  bindRouter(fake.edge.ipcMain, createAppRouter(t.services, policy));
  bindStreams(fake.edge.ipcMain, createAppStreamRouter(t.services, policy));
  const invoke = fake.state.invokeHandlers.get(IPC_CHANNELS.invoke)!;
  const subscribe = fake.state.invokeHandlers.get(IPC_CHANNELS.subscribe)!;
  return { t, fake, invoke, subscribe };
}

const ask = { model: 'sandbox-chat-1', messages: [{ role: 'user', content: 'Tell me a long story' }] };

describe('ipc bridge (over the typed Electron fake)', () => {
  it('knows the top frame by its missing parent, not by object identity with sender.mainFrame', async () => {
    const { invoke } = wired();
    const contents = new FakeWebContents();
    // Electron may give the same frame as another WebFrameMain object than `sender.mainFrame`.
    const sameTopFrameOtherObject = fakeFrame(APP_ENTRY_URL);
    expect(sameTopFrameOtherObject).not.toBe(contents.mainFrame);
    const answer = await invoke(contents.ipcEvent(sameTopFrameOtherObject), 'app.info', {});
    expect(answer).toMatchObject({ ok: true });
  });

  it('refuses a subframe of the app, even one served from the app origin', async () => {
    const { invoke } = wired();
    const contents = new FakeWebContents();
    const sub = fakeFrame(`${APP_ORIGIN}/frame.html`, contents.mainFrame, 2);
    const answer = await invoke(contents.ipcEvent(sub), 'app.info', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('a prevented navigation (a file dropped on the window) keeps the running streams', async () => {
    const { t, fake, subscribe } = wired();
    const contents = new FakeWebContents();
    hardenContents(contents, fake.edge.shell);
    const started = await subscribe(contents.ipcEvent(contents.mainFrame), 'chat.reply', 'stream-keep1', ask);
    expect(started).toMatchObject({ ok: true });
    expect(t.services.streams.size).toBe(1);

    expect(contents.navigate('file:///home/user/dropped.txt')).toEqual({ prevented: true });
    expect(t.services.streams.size).toBe(1);
  });

  it('a navigation that goes on (a reload) drops the page and aborts its streams', async () => {
    const { t, fake, subscribe } = wired();
    const contents = new FakeWebContents();
    hardenContents(contents, fake.edge.shell);
    await subscribe(contents.ipcEvent(contents.mainFrame), 'chat.reply', 'stream-drop1', ask);
    expect(t.services.streams.size).toBe(1);

    contents.reload();
    expect(t.services.streams.size).toBe(0);
  });

  it("aborts the signal a page's calls were given once that page goes away, and only that page's", async () => {
    const fake = fakeElectron();
    const seen: AbortSignal[] = [];
    bindRouter(fake.edge.ipcMain, async (_route, _input, _sender, signal) => {
      seen.push(signal!);
      return { ok: true, data: null };
    });
    const invoke = fake.state.invokeHandlers.get(IPC_CHANNELS.invoke)!;
    const page = new FakeWebContents();
    const other = new FakeWebContents();
    await invoke(page.ipcEvent(page.mainFrame), 'app.info', {});
    await invoke(other.ipcEvent(other.mainFrame), 'app.info', {});
    expect(seen.map((s) => s.aborted)).toEqual([false, false]);
    page.reload();
    expect(seen.map((s) => s.aborted)).toEqual([true, false]);
    // The reloaded page's calls get a fresh signal.
    await invoke(page.ipcEvent(page.mainFrame), 'app.info', {});
    expect(seen[2].aborted).toBe(false);
  });
});
