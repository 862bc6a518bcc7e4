import { z } from 'zod';

/**
 * How a profile's calls reach the network (docs/architecture.md, "Proxy and certificates"):
 * - system: the machine's own setting — the OS proxy in the desktop app, the HTTP(S)_PROXY /
 *   ALL_PROXY environment variables in browser mode; this machine's own addresses never go
 *   through a proxy.
 * - direct: no proxy at all, whatever the system says.
 * - url: this proxy, http://, https:// or socks5:// (a password in it is kept in the vault).
 */
export const PROXY_MODES = ['system', 'direct', 'url'] as const;
export type ProxyMode = (typeof PROXY_MODES)[number];

export const PROXY_PROTOCOLS = ['http:', 'https:', 'socks5:', 'socks:'] as const;

export const proxyUrlSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2_000, 'must be at most 2,000 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (PROXY_PROTOCOLS as readonly string[]).includes(u.protocol) && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be a proxy address: http://, https:// or socks5:// with a host, e.g. http://proxy.example.com:8080');

export const proxySettingSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('system') }),
    z.object({ mode: z.literal('direct') }),
    z.object({ mode: z.literal('url'), url: proxyUrlSchema }),
  ],
  { error: 'must be system, direct or url (with a proxy address)' },
);
export type ProxySetting = z.infer<typeof proxySettingSchema>;

export const MAX_CA_CERTIFICATES = 10;
/** A CA bundle is a few kilobytes per certificate; anything much larger is not one. */
export const MAX_CA_FILE_CHARS = 256 * 1024;
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The PEM certificate blocks in a file's text, in order (a bundle may hold several). */
export function pemBlocks(text: string): string[] {
  return text.match(PEM_CERTIFICATE) ?? [];
}

/** A trusted certificate authority, kept as the file's text when it was added. */
export const caCertificateSchema = z.object({
  /** The file it came from, to tell entries apart. */
  name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  pem: z
    .string()
    .max(MAX_CA_FILE_CHARS, `must be at most ${MAX_CA_FILE_CHARS / 1024} KB`)
    .refine(
      (t) => pemBlocks(t).length > 0,
      'must be a PEM certificate file (text with -----BEGIN CERTIFICATE-----); a .der/.cer file must be converted to PEM first',
    ),
});
export type CaCertificate = z.infer<typeof caCertificateSchema>;

export const networkInputSchema = z.object({
  /** Absent is `system`. */
  proxy: proxySettingSchema.optional(),
  /** Trusted in addition to the usual authorities, never instead of them. */
  caCertificates: z
    .array(caCertificateSchema)
    .max(MAX_CA_CERTIFICATES, `must be at most ${MAX_CA_CERTIFICATES} files`)
    .optional(),
});
export type NetworkInput = z.input<typeof networkInputSchema>;

/** As stored: a proxy password never is (the vault holds it). */
export const networkSchema = z.object({
  proxy: z
    .union([
      z.object({ mode: z.enum(['system', 'direct']) }),
      z.object({ mode: z.literal('url'), url: z.string() }),
    ])
    .optional(),
  caCertificates: z.array(z.object({ name: z.string(), pem: z.string() })).optional(),
});
export type NetworkSettings = z.infer<typeof networkSchema>;

/** What the window is shown of a trusted certificate. */
export interface CaCertificateView {
  name: string;
  /** Each certificate in the file: whom it names and until when it is valid. */
  certificates: { subject: string; validTo: string; expired: boolean }[];
}
