import { afterEach, describe, expect, it } from 'vitest';
import { lazySandboxHost } from '../ipc/sandbox-host';
import { startSandboxThread, type SandboxThread } from '../sandbox/sandbox-thread';
import { sandboxThreadEntry } from './sandbox-thread-entry';

/*
 * The in-app Sandbox runs in a worker thread of its own (docs/architecture.md, "The Sandbox"),
 * so its work never takes a turn of main's event loop.
 */
const started: SandboxThread[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

const servers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

describe('the Sandbox in a thread of its own', () => {
  it('answers from a server that is not on main’s event loop, and its thread ends when closed', async () => {
    const before = servers();
    const sandbox = await startSandboxThread(sandboxThreadEntry(), { tokenDelayMs: 0 });
    started.push(sandbox);
    expect(sandbox.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.baseUrl).toBe(`${sandbox.origin}/v1`);
    const res = await fetch(`${sandbox.baseUrl}/models`, {
      headers: { Authorization: 'Bearer sk-thread-test' },
    });
    expect(res.status).toBe(200);
    const models = (await res.json()) as { data: { id: string }[] };
    expect(models.data.map((m) => m.id)).toContain('sandbox-chat-1');
    // Main holds no listening socket for it: the server is the thread's.
    expect(servers()).toBe(before);
    await sandbox.close();
    await sandbox.ended;
    await expect(fetch(`${sandbox.baseUrl}/models`)).rejects.toThrow();
  });

  it('refuses to start with the Sandbox’s own message', async () => {
    await expect(startSandboxThread(sandboxThreadEntry(), { host: '10.0.0.1' })).rejects.toThrow(
      /Sandbox host must be a loopback address/,
    );
  });
});

describe('lazySandboxHost', () => {
  it('starts the Sandbox again on the next use once it stopped by itself', async () => {
    const ends: (() => void)[] = [];
    let starts = 0;
    const host = lazySandboxHost(async () => {
      starts++;
      const ended = new Promise<void>((resolve) => ends.push(resolve));
      return { origin: `http://127.0.0.1:${4000 + starts}`, ended, close: async () => {} };
    });
    expect(await host.origin()).toBe('http://127.0.0.1:4001');
    expect(await host.origin()).toBe('http://127.0.0.1:4001');
    ends[0]();
    await Promise.resolve();
    expect(host.current()).toBeUndefined();
    expect(await host.origin()).toBe('http://127.0.0.1:4002');
    expect(starts).toBe(2);
  });
});
