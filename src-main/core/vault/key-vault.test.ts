import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '../storage/key-value-store';
import { KeyVault, type SecretCipher } from './key-vault';

/** A reversible stand-in for safeStorage that is visibly not the plain key. */
const cipher = (weak = false, available = true): SecretCipher => ({
  available: () => available,
  isWeak: () => weak,
  encrypt: async (p) => Buffer.from(p).reverse().toString('base64'),
  decrypt: async (c) => ({ plain: Buffer.from(c, 'base64').reverse().toString(), shouldReEncrypt: false }),
});

const KEY = 'sk-live-0123456789abcd';

describe('KeyVault', () => {
  it('stores only ciphertext and shows only a hint and the protection', async () => {
    const kv = new MemoryKeyValueStore();
    const vault = new KeyVault(cipher(), kv);
    const status = await vault.set('p1', KEY);
    expect(status).toEqual({
      hasKey: true,
      hint: 'sk-…abcd',
      protection: 'os-keychain',
      weakStorageOnly: false,
      canPersist: true,
    });
    expect(JSON.stringify(kv.get('vault.p1'))).not.toContain('0123456789');
    expect(JSON.stringify(status)).not.toContain('0123456789');
    expect(await vault.reveal('p1')).toBe(KEY);
    // A new vault over the same store (an app restart) still has it.
    expect(await new KeyVault(cipher(), kv).reveal('p1')).toBe(KEY);
  });

  it('keeps the key for the session only on a Linux basic_text backend unless weak storage is accepted', async () => {
    const kv = new MemoryKeyValueStore();
    const vault = new KeyVault(cipher(true), kv);
    expect((await vault.set('p1', KEY)).protection).toBe('session-only');
    expect(kv.get('vault.p1')).toBeUndefined();
    expect(new KeyVault(cipher(true), kv).status('p1').hasKey).toBe(false);
    expect((await vault.set('p1', KEY, { acceptWeakStorage: true })).protection).toBe('basic-text');
    expect(await new KeyVault(cipher(true), kv).reveal('p1')).toBe(KEY);
  });

  it('keeps the key for the session only when the keychain cannot be used', async () => {
    const kv = new MemoryKeyValueStore();
    const vault = new KeyVault(cipher(false, false), kv);
    expect(await vault.set('p1', KEY)).toMatchObject({ protection: 'session-only', canPersist: false });
    expect(kv.get('vault.p1')).toBeUndefined();
    expect(await vault.reveal('p1')).toBe(KEY);
  });

  it('keeps keys in memory only without any cipher (browser mode)', async () => {
    const kv = new MemoryKeyValueStore();
    const vault = new KeyVault(null, kv);
    expect(await vault.set('p1', KEY)).toMatchObject({ protection: 'memory-only', canPersist: false });
    expect(kv.get('vault.p1')).toBeUndefined();
    expect(await vault.reveal('p1')).toBe(KEY);
  });

  it('keeps keys of other shapes as typed, and refuses only what cannot be a key, naming the rule', async () => {
    const vault = new KeyVault(cipher(), new MemoryKeyValueStore());
    await expect(vault.set('p1', 'hello')).rejects.toThrow(/key: must be 8 to 512 characters with no spaces/);
    await expect(vault.set('p1', 'sk-a b c d')).rejects.toThrow(/no spaces/);
    await vault.set('p1', 'ak_live_9f8e7d6c5b4a');
    expect(await vault.reveal('p1')).toBe('ak_live_9f8e7d6c5b4a');
    expect(vault.status('p1').hint).toBe('…5b4a');
  });

  it('forgets a key everywhere', async () => {
    const kv = new MemoryKeyValueStore();
    const vault = new KeyVault(cipher(), kv);
    await vault.set('p1', KEY);
    expect(vault.forget('p1').hasKey).toBe(false);
    expect(await vault.reveal('p1')).toBeUndefined();
  });

  it('treats a key it cannot decrypt (another OS account) as absent', async () => {
    const kv = new MemoryKeyValueStore();
    await new KeyVault(cipher(), kv).set('p1', KEY);
    const broken: SecretCipher = {
      ...cipher(),
      decrypt: async () => {
        throw new Error('bad');
      },
    };
    expect(await new KeyVault(broken, kv).reveal('p1')).toBeUndefined();
  });

  it('keeps the old key when the keychain fails to encrypt a new one', async () => {
    const kv = new MemoryKeyValueStore();
    await new KeyVault(cipher(), kv).set('p1', KEY);
    const failing: SecretCipher = {
      ...cipher(),
      encrypt: async () => {
        throw new Error('keychain locked');
      },
    };
    const vault = new KeyVault(failing, kv);
    await expect(vault.set('p1', 'sk-other-9999')).rejects.toThrow('keychain locked');
    expect(await vault.reveal('p1')).toBe(KEY);
  });

  it('replaces the stored ciphertext when the OS asks for re-encryption after a key rotation', async () => {
    const kv = new MemoryKeyValueStore();
    await new KeyVault(cipher(), kv).set('p1', KEY);
    const before = kv.get('vault.p1') as { cipherText: string };
    // The rotated cipher marks ciphertext with a prefix; the old form still decrypts.
    const rotated: SecretCipher = {
      ...cipher(),
      encrypt: async (p) => 'v2:' + (await cipher().encrypt(p)),
      decrypt: async (c) =>
        c.startsWith('v2:')
          ? { plain: (await cipher().decrypt(c.slice(3))).plain, shouldReEncrypt: false }
          : { plain: (await cipher().decrypt(c)).plain, shouldReEncrypt: true },
    };
    const vault = new KeyVault(rotated, kv);
    expect(await vault.reveal('p1')).toBe(KEY);
    const after = kv.get('vault.p1') as { cipherText: string; hint: string; protection: string };
    expect(after.cipherText).not.toBe(before.cipherText);
    expect(after.cipherText.startsWith('v2:')).toBe(true);
    expect(after).toMatchObject({ hint: 'sk-…abcd', protection: 'os-keychain' });
    expect(await vault.reveal('p1')).toBe(KEY);
  });
});
