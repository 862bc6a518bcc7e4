import { keyHint } from '../gateway/gateway-urls';
import { KEY_RULE } from '../../../src-shared/profiles/key-transport';
import { invalidInput } from '../../../src-shared/result';
import type { KeyValueStore } from '../storage/key-value-store';
import type { KeyProtection, KeyStatus } from '../../../src-shared/profiles/profile-view';

/**
 * The OS-backed cipher (Electron safeStorage in the app). Encrypting and decrypting are
 * asynchronous because the OS keychain may be asked; whether it can be used at all is settled
 * once when the cipher is created, so a key's status can be read without waiting.
 */
export interface SecretCipher {
  /** True when encryption can be used at all. */
  available(): boolean;
  /** True when the only backend is Electron's hard-coded-password fallback (Linux, no keyring). */
  isWeak(): boolean;
  encrypt(plain: string): Promise<string>;
  /** `shouldReEncrypt`: the OS rotated its key, so the stored ciphertext should be replaced. */
  decrypt(cipherText: string): Promise<{ plain: string; shouldReEncrypt: boolean }>;
}

interface StoredKey {
  cipherText: string;
  protection: KeyProtection;
  hint: string;
}

/** Holds API keys for main. Nothing here returns a key toward the window, only its status. */
export class KeyVault {
  private session = new Map<string, { key: string; protection: KeyProtection }>();

  constructor(
    private readonly cipher: SecretCipher | null,
    private readonly kv: KeyValueStore,
    /** Hears every key set or revealed, so gateway text can be scrubbed of all of them. */
    private readonly onKey: (key: string) => void = () => {},
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

  async set(profileId: string, key: string, opts: { acceptWeakStorage?: boolean } = {}): Promise<KeyStatus> {
    const trimmed = key.trim();
    // Not only sk- keys: some gateways issue other shapes. The window warns; main refuses only junk.
    if (!KEY_RULE.test(trimmed)) throw invalidInput('key', 'must be 8 to 512 characters with no spaces');
    await this.store(profileId, trimmed, opts.acceptWeakStorage === true);
    return this.status(profileId);
  }

  /**
   * A profile's secret header value (a proxy's token, Portkey's key), kept as the key is: encrypted
   * where the machine can, for the session otherwise, and scrubbed from gateway text.
   */
  async setHeaderSecret(profileId: string, header: string, value: string): Promise<void> {
    // Weak storage (Linux without a keyring) only where the user accepted it for this profile's key.
    await this.store(
      headerSecretId(profileId, header),
      value,
      this.status(profileId).protection === 'basic-text',
    );
  }

  headerSecretHint(profileId: string, header: string): string | undefined {
    return this.status(headerSecretId(profileId, header)).hint;
  }

  async revealHeaderSecret(profileId: string, header: string): Promise<string | undefined> {
    return this.reveal(headerSecretId(profileId, header));
  }

  forgetHeaderSecret(profileId: string, header: string): void {
    this.forget(headerSecretId(profileId, header));
  }

  /** The profile's proxy password, kept like a secret header (never in the profile). */
  async setProxyPassword(profileId: string, password: string): Promise<void> {
    await this.store(proxySecretId(profileId), password, this.status(profileId).protection === 'basic-text');
  }

  hasProxyPassword(profileId: string): boolean {
    return this.status(proxySecretId(profileId)).hasKey;
  }

  async revealProxyPassword(profileId: string): Promise<string | undefined> {
    return this.reveal(proxySecretId(profileId));
  }

  forgetProxyPassword(profileId: string): void {
    this.forget(proxySecretId(profileId));
  }

  private async store(id: string, value: string, acceptWeak: boolean): Promise<void> {
    const protection = this.protectionFor(acceptWeak);
    this.onKey(value);
    if (protection === 'os-keychain' || protection === 'basic-text') {
      // Encrypt before forgetting the old value, so a failing keychain leaves the old one in place.
      const record: StoredKey = {
        cipherText: await this.cipher!.encrypt(value),
        protection,
        hint: keyHint(value),
      };
      this.forget(id);
      this.kv.set(`vault.${id}`, record);
    } else {
      this.forget(id);
      this.session.set(id, { key: value, protection });
    }
  }

  forget(profileId: string): KeyStatus {
    this.session.delete(profileId);
    this.kv.delete(`vault.${profileId}`);
    return this.status(profileId);
  }

  /** For main's gateway calls only. */
  async reveal(profileId: string): Promise<string | undefined> {
    const s = this.session.get(profileId);
    if (s) return s.key;
    const stored = this.stored(profileId);
    if (!stored || !this.cipher?.available()) return undefined;
    let plain: string;
    let shouldReEncrypt: boolean;
    try {
      ({ plain, shouldReEncrypt } = await this.cipher.decrypt(stored.cipherText));
    } catch {
      // Encrypted under another OS account or keyring: unusable, so treat it as absent.
      return undefined;
    }
    if (shouldReEncrypt) await this.reEncrypt(profileId, stored, plain);
    this.onKey(plain);
    return plain;
  }

  /** Best effort: the old ciphertext still decrypts, so a failure here only delays the rotation. */
  private async reEncrypt(profileId: string, stored: StoredKey, plain: string): Promise<void> {
    try {
      const cipherText = await this.cipher!.encrypt(plain);
      // The key may have been replaced or forgotten while the keychain was working.
      if (this.stored(profileId)?.cipherText === stored.cipherText)
        this.kv.set(`vault.${profileId}`, { ...stored, cipherText });
    } catch {
      // Keep the old ciphertext.
    }
  }

  private protectionFor(acceptWeak: boolean): KeyProtection {
    if (!this.cipher) return 'memory-only';
    if (!this.cipher.available()) return 'session-only';
    if (this.cipher.isWeak()) return acceptWeak ? 'basic-text' : 'session-only';
    return 'os-keychain';
  }
}

/** Where a profile's secret header value is kept in the vault (header names are case-insensitive). */
function headerSecretId(profileId: string, header: string): string {
  return `${profileId}.header.${header.toLowerCase()}`;
}

/** Where a profile's proxy password is kept (no header id can take this form: it has no `header.`). */
function proxySecretId(profileId: string): string {
  return `${profileId}.proxy`;
}
