/**
 * Certificate and proxy failures read from what Node (OpenSSL, undici) and Electron's network
 * stack (Chromium's `net::ERR_…`) say, so the user is told which problem it is and which setting
 * fixes it (docs/architecture.md, "Proxy and certificates").
 */

export type TlsProblem = 'untrusted' | 'expired' | 'name' | 'other';

const TLS_CODES: Record<string, TlsProblem> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  CERT_SIGNATURE_FAILURE: 'untrusted',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'name',
  'net::ERR_CERT_AUTHORITY_INVALID': 'untrusted',
  'net::ERR_CERT_DATE_INVALID': 'expired',
  'net::ERR_CERT_COMMON_NAME_INVALID': 'name',
};

/** Every code and message along an error's cause chain (undici wraps the socket's error). */
export function causeChain(cause: unknown): { codes: string[]; messages: string[] } {
  const codes: string[] = [];
  const messages: string[] = [];
  let c: unknown = cause;
  for (let depth = 0; depth < 5 && c instanceof Error; depth++) {
    const code = (c as Error & { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    messages.push(c.message);
    c = c.cause;
  }
  return { codes, messages };
}

export function tlsProblem(cause: unknown): TlsProblem | undefined {
  const { codes, messages } = causeChain(cause);
  for (const code of codes) if (TLS_CODES[code]) return TLS_CODES[code];
  for (const m of messages) {
    const net = /net::ERR_[A-Z_]+/.exec(m)?.[0];
    if (net && TLS_CODES[net]) return TLS_CODES[net];
    if (net && /^net::ERR_(CERT|SSL)_/.test(net)) return 'other';
  }
  if (codes.some((c) => /^ERR_SSL_|^ERR_TLS_/.test(c))) return 'other';
  return undefined;
}

/**
 * Whether the failure was the proxy's rather than the gateway's: Chromium names it; undici says
 * so for a refused tunnel or a 407; a socket error at the proxy's own address is the proxy's.
 */
export function proxyFailed(cause: unknown, proxy: string | undefined): boolean {
  const { messages } = causeChain(cause);
  if (
    messages.some((m) =>
      /net::ERR_(PROXY|TUNNEL|SOCKS)_|Proxy Authentication Required|when HTTP Tunneling|SOCKS5?\b/i.test(m),
    )
  )
    return true;
  if (!proxy) return false;
  const where = new URL(proxy);
  const port = Number(
    where.port || (where.protocol === 'https:' ? 443 : where.protocol === 'http:' ? 80 : 1080),
  );
  let c: unknown = cause;
  for (let depth = 0; depth < 5 && c instanceof Error; depth++) {
    const e = c as Error & { port?: unknown; hostname?: unknown };
    if (e.port === port || (typeof e.hostname === 'string' && e.hostname === where.hostname)) return true;
    c = c.cause;
  }
  return false;
}

/** The proxy's address without its user and password, for messages. */
export function proxyShown(proxy: string): string {
  const u = new URL(proxy);
  return `${u.protocol}//${u.host}`;
}
