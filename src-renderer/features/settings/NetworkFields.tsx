import { useState } from 'react';
import {
  type CaCertificate,
  type CaCertificateView,
  MAX_CA_CERTIFICATES,
  MAX_CA_FILE_CHARS,
  PROXY_MODES,
  PROXY_PROTOCOLS,
  type ProxyMode,
  pemBlocks,
} from '../../../src-shared/profiles/profile-network';
import { FilePicker } from '../../app/FilePicker';
import { formatDate, t } from '../../i18n/i18n';

export interface NetworkDraft {
  proxyMode: ProxyMode;
  /** As shown: a saved password is never in it. */
  proxyUrl: string;
  caCertificates: CaCertificate[];
}

export const BLANK_NETWORK: NetworkDraft = { proxyMode: 'system', proxyUrl: '', caCertificates: [] };

/** The window's check of a proxy address; main checks it again (src-shared/profiles/profile-network.ts). */
export function proxyUrlProblem(url: string): string | undefined {
  if (!url.trim()) return t('settings.proxyRequired');
  try {
    const u = new URL(url.trim());
    return (PROXY_PROTOCOLS as readonly string[]).includes(u.protocol) && u.hostname
      ? undefined
      : t('settings.proxyRule');
  } catch {
    return t('settings.proxyRule');
  }
}

/**
 * How a profile's calls reach the network: the system's proxy, none, or one of its own (HTTP,
 * HTTPS or SOCKS5), and certificate authorities it trusts besides the usual ones (a company's,
 * for a proxy that inspects traffic). docs/architecture.md, "Proxy and certificates".
 */
export function NetworkFields({
  value,
  saved,
  passwordSaved,
  onChange,
}: {
  value: NetworkDraft;
  /** What main read from each saved certificate file, by name. */
  saved?: CaCertificateView[];
  passwordSaved?: boolean;
  onChange: (next: NetworkDraft) => void;
}) {
  const [fileIssue, setFileIssue] = useState<string>();
  const proxyIssue = value.proxyMode === 'url' ? proxyUrlProblem(value.proxyUrl) : undefined;
  const addFiles = async (files: File[]) => {
    setFileIssue(undefined);
    const added: CaCertificate[] = [];
    for (const file of files) {
      if (file.size > MAX_CA_FILE_CHARS) {
        setFileIssue(t('settings.caTooLarge', { name: file.name, size: MAX_CA_FILE_CHARS / 1024 }));
        return;
      }
      const text = await file.text();
      if (pemBlocks(text).length === 0) {
        setFileIssue(t('settings.caNotPem', { name: file.name }));
        return;
      }
      added.push({ name: file.name, pem: text });
    }
    const all = [...value.caCertificates, ...added];
    if (all.length > MAX_CA_CERTIFICATES) {
      setFileIssue(t('settings.caTooMany', { n: MAX_CA_CERTIFICATES }));
      return;
    }
    onChange({ ...value, caCertificates: all });
  };

  return (
    <fieldset className="connection-fields">
      <legend>{t('settings.network')}</legend>
      <div className="field">
        <label htmlFor="profile-proxy">{t('settings.proxy')}</label>
        <select
          id="profile-proxy"
          value={value.proxyMode}
          onChange={(e) => onChange({ ...value, proxyMode: e.target.value as ProxyMode })}
        >
          {PROXY_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`settings.proxy.${m}`)}
            </option>
          ))}
        </select>
        {value.proxyMode === 'url' ? (
          <>
            <input
              aria-label={t('settings.proxyUrl')}
              value={value.proxyUrl}
              placeholder="http://proxy.example.com:8080"
              onChange={(e) => onChange({ ...value, proxyUrl: e.target.value })}
              aria-invalid={!!proxyIssue}
              aria-describedby="profile-proxy-hint"
              autoComplete="off"
            />
            <span id="profile-proxy-hint" className={proxyIssue ? 'field-error' : 'muted small-note'}>
              {proxyIssue ?? (passwordSaved ? t('settings.proxyPasswordSaved') : t('settings.proxyUrlHint'))}
            </span>
          </>
        ) : (
          <span className="muted small-note">{t(`settings.proxyHint.${value.proxyMode}`)}</span>
        )}
      </div>
      <div className="field">
        <span className="label-text" id="profile-ca-label">
          {t('settings.caCertificates')}
        </span>
        {value.caCertificates.length === 0 ? (
          <span className="muted small-note">{t('settings.caNone')}</span>
        ) : (
          <ul className="pair-list" aria-labelledby="profile-ca-label">
            {value.caCertificates.map((c, i) => {
              const info = saved?.find((s) => s.name === c.name);
              return (
                <li key={`${c.name}-${i}`} className="row ca-row">
                  <span className="ca-name">{c.name}</span>
                  <span className="muted small-note">
                    {info
                      ? info.certificates
                          .map((x) =>
                            t(x.expired ? 'settings.caExpired' : 'settings.caValid', {
                              subject: x.subject,
                              date: formatDate(Date.parse(x.validTo)),
                            }),
                          )
                          .join(' · ')
                      : t('settings.caUnsaved', { n: pemBlocks(c.pem).length })}
                  </span>
                  <button
                    type="button"
                    className="ghost small"
                    aria-label={t('settings.caRemove', { name: c.name })}
                    onClick={() =>
                      onChange({ ...value, caCertificates: value.caCertificates.filter((_, j) => j !== i) })
                    }
                  >
                    ✕
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <FilePicker
          id="profile-ca-file"
          button={t('settings.caAdd')}
          accept=".pem,.crt,.cer,.txt"
          multiple
          onFiles={(files) => void addFiles(files)}
        />
        <span
          className={fileIssue ? 'field-error' : 'muted small-note'}
          role={fileIssue ? 'alert' : undefined}
        >
          {fileIssue ?? t('settings.caHint')}
        </span>
      </div>
    </fieldset>
  );
}
