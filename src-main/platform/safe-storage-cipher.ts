import { safeStorage } from 'electron';
import type { SecretCipher } from '../core/vault/key-vault';

/** safeStorage as the vault's cipher. On Linux without a keyring Electron falls back to `basic_text`. */
export function safeStorageCipher(): SecretCipher {
  return {
    available: () => safeStorage.isEncryptionAvailable(),
    isWeak: () => process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text',
    encrypt: (plain) => safeStorage.encryptString(plain).toString('base64'),
    decrypt: (cipherText) => safeStorage.decryptString(Buffer.from(cipherText, 'base64')),
  };
}
