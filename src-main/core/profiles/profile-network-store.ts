import { X509Certificate } from 'node:crypto';
import { invalidInput } from '../../../src-shared/result';
import {
  type CaCertificate,
  type CaCertificateView,
  type NetworkInput,
  type NetworkSettings,
  networkInputSchema,
  pemBlocks,
} from '../../../src-shared/profiles/profile-network';

/**
 * A profile's network settings as they will be stored: each certificate file checked by Node's
 * own X.509 parser (a file the form accepted can still be junk between the PEM markers) and
 * reduced to its certificate blocks (a file that also holds a private key must not have the key
 * copied into the settings file), and the proxy password taken out to go to the vault.
 */
export function networkToStore(input: NetworkInput | undefined): {
  network?: NetworkSettings;
  proxyPassword?: string;
} {
  if (!input) return {};
  const parsed = networkInputSchema.parse(input);
  const caCertificates = parsed.caCertificates?.map((file, i) => checkedFile(file, i));
  let proxy: NetworkSettings['proxy'];
  let proxyPassword: string | undefined;
  if (parsed.proxy?.mode === 'url') {
    const split = withoutPassword(parsed.proxy.url);
    proxy = { mode: 'url', url: split.url };
    proxyPassword = split.password;
  } else if (parsed.proxy) proxy = { mode: parsed.proxy.mode };
  const network: NetworkSettings = {
    ...(proxy ? { proxy } : {}),
    ...(caCertificates?.length ? { caCertificates } : {}),
  };
  return { network: Object.keys(network).length ? network : undefined, proxyPassword };
}

function checkedFile(file: CaCertificate, index: number): CaCertificate {
  const blocks = pemBlocks(file.pem);
  blocks.forEach((pem, j) => {
    try {
      const cert = new X509Certificate(pem);
      if (!cert.ca) {
        throw new Error(`"${subjectName(cert)}" is a server's certificate, not a certificate authority`);
      }
    } catch (err) {
      const which = blocks.length > 1 ? `certificate ${j + 1} of ` : '';
      throw invalidInput(
        `network.caCertificates[${index}]`,
        `${which}"${file.name}" could not be read as a CA certificate (${err instanceof Error ? err.message : String(err)}); choose your company's root or intermediate CA certificate in PEM form`,
      );
    }
  });
  return { name: file.name, pem: blocks.join('\n') };
}

function subjectName(cert: X509Certificate): string {
  const cn = /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1];
  return cn ?? cert.subject.replace(/\n/g, ', ');
}

/** What the window shows of each trusted file: whom each certificate names and until when. */
export function caCertificateViews(
  network: NetworkSettings | undefined,
  now: number,
): CaCertificateView[] | undefined {
  const files = network?.caCertificates;
  if (!files?.length) return undefined;
  return files.map((file) => ({
    name: file.name,
    certificates: pemBlocks(file.pem).flatMap((pem) => {
      try {
        const cert = new X509Certificate(pem);
        const validTo = new Date(cert.validTo).toISOString();
        return [{ subject: subjectName(cert), validTo, expired: Date.parse(validTo) < now }];
      } catch {
        return [];
      }
    }),
  }));
}

/** Whether a new proxy address still names the proxy and user the stored password was given for. */
export function sameProxyAccount(
  before: NetworkSettings | undefined,
  after: NetworkSettings | undefined,
): boolean {
  const a = before?.proxy;
  const b = after?.proxy;
  if (a?.mode !== 'url' || b?.mode !== 'url') return false;
  const x = new URL(a.url);
  const y = new URL(b.url);
  return x.protocol === y.protocol && x.host === y.host && x.username === y.username;
}

/** The proxy address with its password taken out: the address is stored, the password is not. */
export function withoutPassword(url: string): { url: string; password?: string } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.password = '';
  return { url: u.href.replace(/\/$/, ''), password };
}
