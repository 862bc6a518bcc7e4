import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '../storage/key-value-store';
import { KeyVault, type SecretCipher } from './key-vault';

/** A reversible stand-in for safeStorage that is visibly not the plain key. */
const cipher = (weak = false, available = true): SecretCipher => ({
  available: () => available,
  isWeak: () => weak,
  encrypt: (p) => Buffer.from(p).reverse().toString('base64'),
  decrypt: (c) => Buffer.from(c, 'base64').reverse().toString(),
});

const KEY = 'sk-live-0123456789abcd';

describe('KeyVault', () => {
  it('stores only ciphertext and shows only a hint and the protection', () => {
    const kv = new MemoryKeyValueStore();
    const vault = new KeyVault(cipher(), kv);
    const status = vault.set('p1', KEY);
    expect(status).toEqual({
      hasKey: true,
      hint: 'sk-…abcd',
      protection: 'os-keychain',
      weakStorageOnly: false,
      canPersist: true,
    });
    expect(JSON.stringify(kv.get('vault.p1'))).not.toContain('0123456789');
    expect(JSON.stringify(status)).not.toContain('0123456789');
    expect(vault.reveal('p1')).toBe(KEY);
    // A new vault over the same store (an app restart) still has it.
    expect(new KeyVault(cipher(), kv).reveal('p1')).toBe(KEY);
  });

  it('keeps the key for the session only on a Linux basic_text backend unless weak storage is accepted', () => {
    const kv = new MemoryKeyValueStore();
    const vault = new KeyVault(cipher(true), kv);
    expect(vault.set('p1', KEY).protection).toBe('session-only');
    expect(kv.get('vault.p1')).toBeUndefined();
    expect(new KeyVault(cipher(true), kv).status('p1').hasKey).toBe(false);
    expect(vault.set('p1', KEY, { acceptWeakStorage: true }).protection).toBe('basic-text');
    expect(new KeyVault(cipher(true), kv).reveal('p1')).toBe(KEY);
  });

  it('keeps keys in memory only without any cipher (browser mode)', () => {
    const kv = new MemoryKeyValueStore();
    const vault = new KeyVault(null, kv);
    expect(vault.set('p1', KEY)).toMatchObject({ protection: 'memory-only', canPersist: false });
    expect(kv.get('vault.p1')).toBeUndefined();
    expect(vault.reveal('p1')).toBe(KEY);
  });

  it('refuses keys that are not sk- keys, naming the rule', () => {
    const vault = new KeyVault(cipher(), new MemoryKeyValueStore());
    expect(() => vault.set('p1', 'hello')).toThrow(/key: must start with "sk-"/);
    expect(() => vault.set('p1', 'sk-a b')).toThrow();
  });

  it('forgets a key everywhere', () => {
    const kv = new MemoryKeyValueStore();
    const vault = new KeyVault(cipher(), kv);
    vault.set('p1', KEY);
    expect(vault.forget('p1').hasKey).toBe(false);
    expect(vault.reveal('p1')).toBeUndefined();
  });

  it('treats a key it cannot decrypt (another OS account) as absent', () => {
    const kv = new MemoryKeyValueStore();
    new KeyVault(cipher(), kv).set('p1', KEY);
    const broken: SecretCipher = {
      ...cipher(),
      decrypt: () => {
        throw new Error('bad');
      },
    };
    expect(new KeyVault(broken, kv).reveal('p1')).toBeUndefined();
  });
});
