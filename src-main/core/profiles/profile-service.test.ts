import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '../storage/key-value-store';
import { KeyVault } from '../vault/key-vault';
import { ProfileService, SANDBOX_KEY } from './profile-service';

const sandbox = { origin: async () => 'http://127.0.0.1:1234', current: () => 'http://127.0.0.1:1234' };
const make = () => {
  const kv = new MemoryKeyValueStore();
  const vault = new KeyVault(null, kv);
  return { vault, profiles: new ProfileService(kv, vault, sandbox) };
};

describe('ProfileService', () => {
  it('starts on the Sandbox with its built-in key', async () => {
    const { profiles } = make();
    expect(profiles.list().activeId).toBe('sandbox');
    expect(await profiles.target()).toEqual({
      host: 'http://127.0.0.1:1234',
      judgeSegment: 'partner',
      apiKey: SANDBOX_KEY,
    });
  });

  it('forgets the key when the profile is pointed at another host, keeps it for other edits', async () => {
    const { profiles, vault } = make();
    const p = profiles.save({ name: 'Prod', kind: 'gateway-overseas', host: 'https://g.example.com' });
    await vault.set(p.id, 'sk-prod-key-1234');
    profiles.save({ ...p, name: 'Production', host: 'https://g.example.com/v1/' });
    expect(await vault.reveal(p.id)).toBe('sk-prod-key-1234');
    expect((await profiles.target(p.id)).apiKey).toBe('sk-prod-key-1234');
    profiles.save({ ...p, host: 'https://elsewhere.example.net' });
    expect(await vault.reveal(p.id)).toBeUndefined();
  });

  it('calls a keyless local OpenAI-compatible server without a key, but a gateway profile needs one', async () => {
    const { profiles } = make();
    const local = profiles.save({
      name: 'Ollama',
      kind: 'openai-compatible',
      host: 'http://127.0.0.1:11434/v1',
    });
    const target = await profiles.target(local.id);
    expect(target).toMatchObject({
      host: 'http://127.0.0.1:11434',
      baseUrl: 'http://127.0.0.1:11434/v1',
      judgeUrl: 'http://127.0.0.1:11434/partner/v1/systemone',
    });
    expect(target.apiKey).toBeUndefined();
    const gw = profiles.save({ name: 'GW', kind: 'gateway-mainland', host: 'https://cn.example.com' });
    await expect(profiles.target(gw.id)).rejects.toMatchObject({ error: { code: 'no_key' } });
  });

  it('refuses to edit or delete the built-in Sandbox, and bad hosts with the rule', () => {
    const { profiles } = make();
    expect(() => profiles.delete('sandbox')).toThrow(/built in/);
    expect(() => profiles.save({ name: 'x', kind: 'gateway-overseas', host: 'ftp://x' })).toThrow(
      /http:\/\/ or https:\/\//,
    );
  });

  it('gives each profile an idle timeout: 120 s unless set, and reads profiles saved without one', () => {
    const { profiles } = make();
    expect(profiles.idleTimeoutMs()).toBe(120_000);
    const slow = profiles.save({ name: 'Slow', kind: 'openai-compatible', host: 'http://127.0.0.1:9/v1' });
    expect(profiles.idleTimeoutMs(slow.id)).toBe(120_000);
    profiles.save({ ...slow, idleTimeoutSec: 600 });
    expect(profiles.idleTimeoutMs(slow.id)).toBe(600_000);
    expect(() => profiles.save({ ...slow, idleTimeoutSec: 2 })).toThrow(/between 10 and 3600/);
  });

  it('gives each profile a reply deadline: 600 s unless set, whole seconds from 30 to 7200', () => {
    const { profiles } = make();
    expect(profiles.replyDeadlineMs()).toBe(600_000);
    const p = profiles.save({ name: 'Long', kind: 'openai-compatible', host: 'http://127.0.0.1:9/v1' });
    expect(profiles.replyDeadlineMs(p.id)).toBe(600_000);
    profiles.save({ ...p, replyDeadlineSec: 3600 });
    expect(profiles.replyDeadlineMs(p.id)).toBe(3_600_000);
    expect(profiles.list().profiles.find((x) => x.id === p.id)?.replyDeadlineSec).toBe(3600);
    // The window's input is checked here too: the message names the field and the rule.
    expect(() => profiles.save({ ...p, replyDeadlineSec: 10 })).toThrow(/between 30 and 7200 seconds/);
    expect(() => profiles.save({ ...p, replyDeadlineSec: 7201 })).toThrow(/between 30 and 7200 seconds/);
    expect(() => profiles.save({ ...p, replyDeadlineSec: 90.5 })).toThrow(/whole number of seconds/);
  });

  it('keeps "retry automatically after a rate limit" off unless set, and checks it is a boolean', () => {
    const { profiles } = make();
    const p = profiles.save({ name: 'Busy', kind: 'openai-compatible', host: 'http://127.0.0.1:9/v1' });
    expect(profiles.get(p.id).autoRetryRateLimit).toBeUndefined();
    profiles.save({ ...p, autoRetryRateLimit: true });
    expect(profiles.get(p.id).autoRetryRateLimit).toBe(true);
    expect(profiles.list().profiles.find((x) => x.id === p.id)?.autoRetryRateLimit).toBe(true);
    // The window's input is checked here too, not trusted.
    expect(() => profiles.save({ ...p, autoRetryRateLimit: 'yes' as unknown as boolean })).toThrow(
      /true or false/,
    );
  });

  it('loads profiles saved before the newer settings existed, every field intact', () => {
    const kv = new MemoryKeyValueStore();
    const old = {
      id: 'old1',
      name: 'Old',
      kind: 'gateway-overseas',
      host: 'https://g.example.com',
      judgeSegment: 'partner',
    };
    kv.set('profiles', [old]);
    kv.set('activeProfileId', 'old1');
    const profiles = new ProfileService(kv, new KeyVault(null, kv), sandbox);
    // Every field intact; the base URL it always called is now written out (profile-migration.test.ts).
    expect(profiles.get('old1')).toEqual({
      ...old,
      host: 'https://g.example.com/v1',
      baseUrl: 'https://g.example.com/v1',
    });
    expect(profiles.activeId()).toBe('old1');
    expect(profiles.get('old1').autoRetryRateLimit).toBeUndefined();
    expect(profiles.idleTimeoutMs('old1')).toBe(120_000);
    expect(profiles.replyDeadlineMs('old1')).toBe(600_000);
  });
});
