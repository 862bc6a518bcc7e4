import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { httpProxy, httpsGateway, TEST_CA_PEM } from '../core/gateway/network-peers.test-helper';
import { fakeAdapters } from './electron-adapters.test-helper';
import { runElectronApp } from './electron-app';
import { fakeElectronMain } from './fake-electron.test-helper';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/**
 * The shipped Electron wiring (electron-app.ts) with a profile that trusts a company CA: its calls
 * leave Electron's network stack for Node's, and must still follow the proxy Chromium resolves
 * for the address (docs/architecture.md, "Proxy and certificates").
 */
describe('the desktop app with a profile of its own certificates', () => {
  it('asks Chromium for the system proxy and goes through it, trusting the CA', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gatehouse-electron-network-'));
    cleanup.push(() => rmSync(root, { recursive: true, force: true }));
    const gw = await httpsGateway();
    const proxy = await httpProxy();
    cleanup.push(
      () => gw.close(),
      () => proxy.close(),
    );
    const fake = fakeElectronMain({ userData: join(root, 'data'), isPackaged: false });
    fake.state.pac = `PROXY 127.0.0.1:${proxy.port}; DIRECT`;
    const run = await runElectronApp(fake.main, fakeAdapters(), {
      env: {},
      argv: ['electron', '.'],
      mainDir: join(root, 'out', 'main'),
    });
    if (!run) throw new Error('the app did not start');
    cleanup.push(() => run.app.dispose());
    const { profiles, client } = run.app.services;
    const saved = await profiles.saveWithSecrets({
      name: 'Corp',
      kind: 'openai-compatible',
      host: `${gw.origin}/v1`,
      network: { caCertificates: [{ name: 'corp.pem', pem: TEST_CA_PEM }] },
    });
    const target = await profiles.target(saved.id);
    const { body } = await client.json(
      target,
      { method: 'GET', url: `${gw.origin}/v1/models` },
      { retries: 0 },
    );
    expect(body).toMatchObject({ path: '/v1/models' });
    expect(fake.state.proxyAsked).toEqual([`${gw.origin}/v1/models`]);
    expect(proxy.asked.map((a) => `${a.method} ${a.target}`)).toEqual([`CONNECT 127.0.0.1:${gw.port}`]);
  });
});
