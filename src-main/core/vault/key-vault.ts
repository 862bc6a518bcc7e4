import { keyHint } from '../gateway/gateway-urls';
import { invalidInput } from '../../../src-shared/result';
import type { KeyValueStore } from '../storage/key-value-store';
import type { KeyProtection, KeyStatus } from '../../../src-shared/profiles/profile-view';

export interface SecretCipher {
  /** True when encryption can be used at all. */
  available(): boolean;
  /** True when the only backend is Electron's hard-coded-password fallback (Linux, no keyring). */
  isWeak(): boolean;
  encrypt(plain: string): string;
  decrypt(cipherText: string): string;
}

interface StoredKey {
  cipherText: string;
  protection: KeyProtection;
  hint: string;
}

const KEY_SHAPE = /^sk-[A-Za-z0-9._~+/=-]{4,}$/;

/** Holds API keys for main. Nothing here returns a key toward the window, only its status. */
export class KeyVault {
  private session = new Map<string, { key: string; protection: KeyProtection }>();

  constructor(
    private readonly cipher: SecretCipher | null,
    private readonly kv: KeyValueStore,
  ) {}

  private stored(profileId: string): StoredKey | undefined {
    const v = this.kv.get(`vault.${profileId}`) as StoredKey | undefined;
    return v && typeof v.cipherText === 'string' ? v : undefined;
  }

  status(profileId: string): KeyStatus {
    const base = {
      weakStorageOnly: this.cipher?.available() === true && this.cipher.isWeak(),
      canPersist: this.cipher?.available() === true,
    };
    const s = this.session.get(profileId);
    if (s) return { ...base, hasKey: true, hint: keyHint(s.key), protection: s.protection };
    const stored = this.stored(profileId);
    if (stored) return { ...base, hasKey: true, hint: stored.hint, protection: stored.protection };
    return { ...base, hasKey: false };
  }

  set(profileId: string, key: string, opts: { acceptWeakStorage?: boolean } = {}): KeyStatus {
    const trimmed = key.trim();
    if (!KEY_SHAPE.test(trimmed))
      throw invalidInput('key', 'must start with "sk-" followed by at least 4 characters, no spaces');
    this.forget(profileId);
    const protection = this.protectionFor(opts.acceptWeakStorage === true);
    if (protection === 'os-keychain' || protection === 'basic-text') {
      const record: StoredKey = {
        cipherText: this.cipher!.encrypt(trimmed),
        protection,
        hint: keyHint(trimmed),
      };
      this.kv.set(`vault.${profileId}`, record);
    } else {
      this.session.set(profileId, { key: trimmed, protection });
    }
    return this.status(profileId);
  }

  forget(profileId: string): KeyStatus {
    this.session.delete(profileId);
    this.kv.delete(`vault.${profileId}`);
    return this.status(profileId);
  }

  /** For main's gateway calls only. */
  reveal(profileId: string): string | undefined {
    const s = this.session.get(profileId);
    if (s) return s.key;
    const stored = this.stored(profileId);
    if (!stored || !this.cipher?.available()) return undefined;
    try {
      return this.cipher.decrypt(stored.cipherText);
    } catch {
      // Encrypted under another OS account or keyring: unusable, so treat it as absent.
      return undefined;
    }
  }

  private protectionFor(acceptWeak: boolean): KeyProtection {
    if (!this.cipher) return 'memory-only';
    if (!this.cipher.available()) return 'session-only';
    if (this.cipher.isWeak()) return acceptWeak ? 'basic-text' : 'session-only';
    return 'os-keychain';
  }
}
