/** Rules about how a key travels, shared by the profile form (warnings) and main (the check). */

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

/**
 * Whether a profile at `host` would send its key unencrypted over the network: `http://` to a
 * host that is not this machine. Such a profile needs the user's explicit confirmation.
 */
export function sendsKeyInPlainText(host: string): boolean {
  try {
    const u = new URL(host.trim());
    return u.protocol === 'http:' && !LOOPBACK.test(u.hostname);
  } catch {
    return false;
  }
}

/** Gateway keys look like `sk-…`; anything else is kept as typed, with a warning. */
export function keyLooksUsual(key: string): boolean {
  return /^sk-/.test(key.trim());
}

/** What a key must be at all: 8 to 512 visible characters, no spaces (a paste gone wrong). */
export const KEY_RULE = /^\S{8,512}$/;
