import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonKeyValueStore } from '../storage/key-value-store';
import { StorageNotices } from '../storage/storage-notices';
import { KeyVault } from '../vault/key-vault';
import { ProfileService, SET_ASIDE_KEY } from './profile-service';

const sandbox = { origin: async () => 'http://127.0.0.1:1234', current: () => undefined };

/** The services over a settings file, as a restart of the app opens them. */
function open(path: string) {
  const notices = new StorageNotices();
  const kv = new JsonKeyValueStore(path, notices);
  const profiles = new ProfileService(kv, new KeyVault(null, kv), sandbox, notices, () => 7);
  return { profiles, notices };
}

describe('saved profiles, one bad record among them', () => {
  it('loads the good ones, sets the bad one aside with a notice, and never loses it on the next save', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gatehouse-profiles-')), 'settings.json');
    const first = open(path).profiles;
    for (const name of ['Prod', 'Staging', 'Local']) {
      first.save({ name, kind: 'gateway-overseas', host: `https://${name.toLowerCase()}.example.com` });
    }
    // Someone removes one field from one profile by hand.
    const file = JSON.parse(readFileSync(path, 'utf8'));
    delete file.profiles[1].host;
    writeFileSync(path, JSON.stringify(file));

    const { profiles, notices } = open(path);
    expect(profiles.list().profiles.map((p) => p.name)).toEqual(['Sandbox', 'Prod', 'Local']);
    expect(notices.list()).toEqual([
      expect.objectContaining({
        kind: 'set-aside',
        file: 'the profile "Staging"',
        reason: expect.stringMatching(/^host:/),
      }),
    ]);
    profiles.save({ name: 'New', kind: 'gateway-overseas', host: 'https://new.example.com' });

    const after = JSON.parse(readFileSync(path, 'utf8'));
    expect(after.profiles.map((p: { name: string }) => p.name)).toEqual(['Prod', 'Local', 'New']);
    expect(after[SET_ASIDE_KEY]).toEqual([
      {
        raw: expect.objectContaining({ name: 'Staging', kind: 'gateway-overseas' }),
        reason: expect.any(String),
        at: 7,
      },
    ]);
    // Reported once: the next start reads a clean list.
    expect(open(path).notices.list()).toEqual([]);
  });

  it('sets aside a profile list of the wrong shape instead of reading it as empty and overwriting it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gatehouse-profiles-')), 'settings.json');
    writeFileSync(path, JSON.stringify({ profiles: { name: 'Not a list', kind: 'gateway-overseas' } }));
    const { profiles, notices } = open(path);
    expect(profiles.list().profiles.map((p) => p.name)).toEqual(['Sandbox']);
    expect(notices.list()).toHaveLength(1);
    profiles.save({ name: 'Fresh', kind: 'gateway-overseas', host: 'https://fresh.example.com' });
    const after = JSON.parse(readFileSync(path, 'utf8'));
    expect(after[SET_ASIDE_KEY][0].raw).toEqual({ name: 'Not a list', kind: 'gateway-overseas' });
  });

  it('reports a settings file of the wrong shape like a corrupt one', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gatehouse-profiles-')), 'settings.json');
    writeFileSync(path, JSON.stringify([1, 2, 3]));
    const { notices } = open(path);
    expect(notices.list()).toEqual([expect.objectContaining({ kind: 'set-aside', file: path })]);
  });
});

describe('a key over plain http', () => {
  it('is refused for a remote host until the user confirms it in the profile; loopback needs nothing', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gatehouse-profiles-')), 'settings.json');
    const notices = new StorageNotices();
    const kv = new JsonKeyValueStore(path, notices);
    const vault = new KeyVault(null, kv);
    const service = new ProfileService(kv, vault, sandbox, notices);
    const remote = service.save({
      name: 'LAN box',
      kind: 'openai-compatible',
      host: 'http://gpu-box.example.com:8000/v1',
    });
    await vault.set(remote.id, 'sk-lan-key-12345');
    await expect(service.target(remote.id)).rejects.toMatchObject({
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/^host: .*plain http:\/\/.*Send the key over plain HTTP/),
      },
    });
    service.save({ ...remote, allowPlainHttpKey: true });
    expect((await service.target(remote.id)).apiKey).toBe('sk-lan-key-12345');

    const local = service.save({
      name: 'Local',
      kind: 'openai-compatible',
      host: 'http://127.0.0.1:11434/v1',
    });
    await vault.set(local.id, 'sk-local-key-1234');
    expect((await service.target(local.id)).apiKey).toBe('sk-local-key-1234');
  });
});

describe('a settings file written before the reply deadline existed', () => {
  it('loads every profile intact, each with the default deadline, and saves it back without one', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gatehouse-profiles-')), 'settings.json');
    // As the previous release wrote it: every setting it knew, none it did not.
    const written = [
      {
        id: 'prod1',
        name: 'Prod',
        kind: 'gateway-overseas',
        host: 'https://g.example.com/v1',
        baseUrl: 'https://g.example.com/v1',
        judgeSegment: 'partner',
        idleTimeoutSec: 300,
        autoRetryRateLimit: true,
        auth: { scheme: 'header', header: 'api-key' },
        headers: [{ name: 'X-Team', value: 'qa' }],
        query: [{ name: 'api-version', value: '2024-10-21' }],
      },
      {
        id: 'local1',
        name: 'Local',
        kind: 'openai-compatible',
        host: 'http://127.0.0.1:11434/v1',
        baseUrl: 'http://127.0.0.1:11434/v1',
        judgeSegment: 'partner',
      },
    ];
    writeFileSync(path, JSON.stringify({ profiles: written, activeProfileId: 'prod1' }));

    const { profiles, notices } = open(path);
    expect(notices.list()).toEqual([]);
    expect(profiles.get('prod1')).toEqual(written[0]);
    expect(profiles.get('local1')).toEqual(written[1]);
    expect(profiles.activeId()).toBe('prod1');
    expect(profiles.replyDeadlineMs('prod1')).toBe(600_000);
    expect(profiles.replyDeadlineMs('local1')).toBe(600_000);
    expect(profiles.idleTimeoutMs('prod1')).toBe(300_000);

    profiles.save({ ...profiles.get('local1'), name: 'Local box' });
    const after = JSON.parse(readFileSync(path, 'utf8'));
    expect(after.profiles.find((p: { id: string }) => p.id === 'prod1')).toEqual(written[0]);
    expect(after.profiles.find((p: { id: string }) => p.id === 'local1')).not.toHaveProperty(
      'replyDeadlineSec',
    );
  });
});
