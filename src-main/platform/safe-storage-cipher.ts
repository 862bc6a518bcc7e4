import { safeStorage } from 'electron';
import type { SecretCipher } from '../core/vault/key-vault';

/**
 * safeStorage as the vault's cipher, through its asynchronous API (the synchronous one is
 * deprecated since Electron 45). Call after the app is ready: the asynchronous encryptor starts
 * on first use, and whether it is available is asked once here. On Linux without a keyring
 * Electron falls back to `basic_text`. Keys saved with the old synchronous API still decrypt.
 */
export async function safeStorageCipher(): Promise<SecretCipher> {
  const available = await safeStorage.isAsyncEncryptionAvailable();
  return {
    available: () => available,
    isWeak: () => process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text',
    encrypt: async (plain) => (await safeStorage.encryptStringAsync(plain)).toString('base64'),
    decrypt: async (cipherText) => {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(
        Buffer.from(cipherText, 'base64'),
      );
      return { plain: result, shouldReEncrypt };
    },
  };
}
