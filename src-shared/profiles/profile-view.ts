import type { Profile } from './profile';
import type { CaCertificateView } from './profile-network';

export interface ProfileView extends Profile {
  key: KeyStatus;
  /** For the Sandbox, the address it is listening on right now. */
  liveHost?: string;
  /** The vault holds a password for the profile's proxy (it is never shown). */
  proxyPasswordSaved?: boolean;
  /** What each trusted certificate file holds, read by main. */
  caCertificateInfo?: CaCertificateView[];
}

/**
 * - os-keychain: encrypted with the OS keychain (safeStorage), saved.
 * - basic-text: Linux without a keyring; encrypted with a fixed key, saved only because the user accepted it.
 * - session-only: kept in memory until the app quits (no safe way to save it).
 * - memory-only: browser mode, which has no safeStorage at all.
 */
export type KeyProtection = 'os-keychain' | 'basic-text' | 'session-only' | 'memory-only';

export interface KeyStatus {
  hasKey: boolean;
  hint?: string;
  protection?: KeyProtection;
  /** Whether saving now would need the user to accept weak storage. */
  weakStorageOnly: boolean;
  /** Whether the key could be saved at all on this machine. */
  canPersist: boolean;
}

export interface ModelInfo {
  id: string;
  ownedBy?: string;
  /** What the gateway said the model is for ("chat", "embedding", …), when it said. */
  type?: string;
}
