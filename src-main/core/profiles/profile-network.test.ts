import { describe, expect, it } from 'vitest';
import { SERVER_CERT_PEM, TEST_CA_PEM } from '../gateway/network-peers.test-helper';
import { MemoryKeyValueStore } from '../storage/key-value-store';
import { KeyVault } from '../vault/key-vault';
import { ProfileService } from './profile-service';

const sandbox = { origin: async () => 'http://127.0.0.1:1234', current: () => 'http://127.0.0.1:1234' };
const make = () => {
  const kv = new MemoryKeyValueStore();
  const vault = new KeyVault(null, kv);
  return {
    kv,
    vault,
    profiles: new ProfileService(kv, vault, sandbox, undefined, () => Date.parse('2026-11-26')),
  };
};
const base = { name: 'Corp', kind: 'openai-compatible' as const, host: 'https://gw.corp.example/v1' };

describe('a profile’s proxy', () => {
  it('keeps the password in the vault, never in the settings, and calls with it', async () => {
    const { kv, profiles } = make();
    const saved = await profiles.saveWithSecrets({
      ...base,
      network: { proxy: { mode: 'url', url: 'http://ann:pw-canary-42@proxy.corp:3128' } },
    });
    expect(JSON.stringify(kv.get('profiles'))).not.toContain('pw-canary-42');
    expect(saved.network?.proxy).toEqual({ mode: 'url', url: 'http://ann@proxy.corp:3128' });
    expect(saved.proxyPasswordSaved).toBe(true);
    expect(JSON.stringify(saved)).not.toContain('pw-canary-42');
    const target = await profiles.target(saved.id);
    expect(target.network?.proxy).toEqual({ mode: 'url', url: 'http://ann:pw-canary-42@proxy.corp:3128/' });
  });

  it('keeps the password when the address is saved again as shown, drops it for another proxy or mode', async () => {
    const { vault, profiles } = make();
    const saved = await profiles.saveWithSecrets({
      ...base,
      network: { proxy: { mode: 'url', url: 'socks5://bo:secret@s.corp:1080' } },
    });
    const again = await profiles.saveWithSecrets({ ...base, id: saved.id, network: saved.network });
    expect(again.proxyPasswordSaved).toBe(true);
    expect(await vault.revealProxyPassword(saved.id)).toBe('secret');
    await profiles.saveWithSecrets({
      ...base,
      id: saved.id,
      network: { proxy: { mode: 'url', url: 'socks5://bo@other.corp:1080' } },
    });
    expect(await vault.revealProxyPassword(saved.id)).toBeUndefined();
    await profiles.saveWithSecrets({
      ...base,
      id: saved.id,
      network: { proxy: { mode: 'url', url: 'socks5://bo:x@s.corp:1080' } },
    });
    await profiles.saveWithSecrets({ ...base, id: saved.id, network: { proxy: { mode: 'system' } } });
    expect(await vault.revealProxyPassword(saved.id)).toBeUndefined();
  });

  it('forgets the proxy password and secret headers with the profile', async () => {
    const { vault, profiles } = make();
    const saved = await profiles.saveWithSecrets({
      ...base,
      headers: [{ name: 'x-corp-token', value: 'tok-1', secret: true }],
      network: { proxy: { mode: 'url', url: 'http://u:p@proxy.corp:3128' } },
    });
    profiles.delete(saved.id);
    expect(await vault.revealProxyPassword(saved.id)).toBeUndefined();
    expect(await vault.revealHeaderSecret(saved.id, 'x-corp-token')).toBeUndefined();
  });

  it.each([
    ['ftp://proxy.corp:21', 'network.proxy.url'],
    ['proxy.corp:3128', 'network.proxy.url'],
  ])('refuses %s, naming the field', (url, path) => {
    const { profiles } = make();
    let error: unknown;
    try {
      profiles.save({ ...base, network: { proxy: { mode: 'url', url } } });
    } catch (e) {
      error = e;
    }
    const issue = (error as { issues: { path: string[]; message: string }[] }).issues[0]!;
    expect(issue.path.join('.')).toBe(path);
    expect(issue.message).toContain('must be a proxy address');
  });
});

describe('a profile’s trusted certificates', () => {
  it('keeps only the certificate blocks of a file, and shows whom each names and until when', async () => {
    const { kv, profiles } = make();
    const file = `Company root\n${TEST_CA_PEM}\n-----BEGIN PRIVATE KEY-----\nnot-to-be-kept\n-----END PRIVATE KEY-----\n`;
    const saved = await profiles.saveWithSecrets({
      ...base,
      network: { caCertificates: [{ name: 'corp-root.pem', pem: file }] },
    });
    expect(JSON.stringify(kv.get('profiles'))).not.toContain('not-to-be-kept');
    expect(saved.caCertificateInfo).toEqual([
      {
        name: 'corp-root.pem',
        certificates: [
          { subject: 'Gatehouse Test Company CA', validTo: expect.stringMatching(/^2126-/), expired: false },
        ],
      },
    ]);
    const target = await profiles.target(saved.id);
    expect(target.network?.ca).toEqual([TEST_CA_PEM.trim()]);
  });

  it('refuses a server certificate, junk between the markers, and a file with no certificate', () => {
    const { profiles } = make();
    const save = (pem: string) => () =>
      profiles.save({ ...base, network: { caCertificates: [{ name: 'x.pem', pem }] } });
    expect(save(SERVER_CERT_PEM)).toThrow(
      /network\.caCertificates\[0\]: "x\.pem" could not be read as a CA certificate \("localhost" is a server's certificate/,
    );
    expect(save('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toThrow(
      /network\.caCertificates\[0\]: "x\.pem" could not be read as a CA certificate/,
    );
    expect(save('just text')).toThrow(/must be a PEM certificate file/);
  });

  it('leaves profiles saved before networks existed on the system proxy with the usual authorities', async () => {
    const { kv, vault, profiles } = make();
    kv.set('profiles', [
      {
        id: 'old1',
        name: 'Old',
        kind: 'gateway-overseas',
        host: 'https://g.example.com',
        judgeSegment: 'partner',
      },
    ]);
    const [old] = profiles.list().profiles.filter((p) => p.id === 'old1');
    expect(old?.network).toBeUndefined();
    expect(old?.caCertificateInfo).toBeUndefined();
    await vault.set('old1', 'sk-old-key-1234');
    expect((await profiles.target('old1')).network).toBeUndefined();
  });
});
