import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiUrl, judgeUrl } from '../gateway/gateway-urls';
import { JsonKeyValueStore } from '../storage/key-value-store';
import { StorageNotices } from '../storage/storage-notices';
import { KeyVault } from '../vault/key-vault';
import { ProfileService } from './profile-service';

/** settings.json as the version before base URLs were used as typed wrote it. */
const WRITTEN_BEFORE = {
  activeProfileId: 'corp',
  profiles: [
    {
      id: 'main',
      name: 'Gateway',
      kind: 'gateway-overseas',
      host: 'https://gw.example.com',
      judgeSegment: 'partner',
    },
    {
      id: 'corp',
      name: 'Corp proxy',
      kind: 'openai-compatible',
      host: 'https://proxy.corp/llm',
      judgeSegment: 'acme',
      idleTimeoutSec: 300,
      autoRetryRateLimit: true,
    },
  ],
};

function open(file: string) {
  const kv = new JsonKeyValueStore(file, new StorageNotices());
  const vault = new KeyVault(null, kv);
  const sandbox = { origin: async () => 'http://127.0.0.1:1', current: () => undefined };
  return { kv, vault, profiles: new ProfileService(kv, vault, sandbox) };
}

describe('profiles saved before base URLs were used as typed', () => {
  it('keep calling exactly the addresses they called, keep their settings, and save back unchanged', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gatehouse-profiles-')), 'settings.json');
    writeFileSync(file, JSON.stringify(WRITTEN_BEFORE));
    const { profiles, vault } = open(file);
    await vault.set('main', 'sk-main-key-123456');
    await vault.set('corp', 'sk-corp-key-123456');

    const main = await profiles.target('main');
    expect(apiUrl(main, 'chat/completions')).toBe('https://gw.example.com/v1/chat/completions');
    expect(judgeUrl(main)).toBe('https://gw.example.com/partner/v1/systemone');
    const corp = await profiles.target('corp');
    expect(apiUrl(corp, 'models')).toBe('https://proxy.corp/llm/v1/models');
    expect(judgeUrl(corp)).toBe('https://proxy.corp/llm/acme/v1/systemone');

    // What the form shows is where it calls; saving it as shown changes nothing.
    const shown = profiles.get('corp');
    expect(shown).toMatchObject({
      host: 'https://proxy.corp/llm/v1',
      idleTimeoutSec: 300,
      autoRetryRateLimit: true,
    });
    profiles.save(shown);
    const again = await profiles.target('corp');
    expect(apiUrl(again, 'models')).toBe('https://proxy.corp/llm/v1/models');
    expect(judgeUrl(again)).toBe('https://proxy.corp/llm/acme/v1/systemone');
    expect(again.apiKey).toBe('sk-corp-key-123456');

    // Written back once, in the new form, read the same by a fresh start.
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      activeProfileId: string;
      profiles: { baseUrl?: string }[];
    };
    expect(stored.profiles.map((p) => p.baseUrl)).toEqual([
      'https://gw.example.com/v1',
      'https://proxy.corp/llm/v1',
    ]);
    expect(stored.activeProfileId).toBe('corp');
    const fresh = open(file).profiles;
    expect(fresh.get('main')).toMatchObject({
      host: 'https://gw.example.com/v1',
      baseUrl: 'https://gw.example.com/v1',
    });
  });
});
