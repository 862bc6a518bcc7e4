import type { AuthScheme } from '../../../src-shared/profiles/profile';
import { t } from '../../i18n/i18n';
import { PairList } from './PairList';
import { CONNECTION_PRESETS, type ConnectionDraft, type HeaderDraft } from './profile-presets';

const SCHEMES: AuthScheme['scheme'][] = ['bearer', 'header', 'none'];

/**
 * How a profile reaches its service beyond the base URL: the judgement address, how the key is
 * sent, extra headers (a secret one is stored encrypted like the key) and query parameters.
 * Main checks every field again (src-shared/profiles/profile.ts).
 */
export function ConnectionFields({
  value,
  derivedJudgeUrl,
  onChange,
}: {
  value: ConnectionDraft;
  derivedJudgeUrl: string;
  onChange: (next: ConnectionDraft) => void;
}) {
  return (
    <fieldset className="connection-fields">
      <legend>{t('settings.connection')}</legend>
      <div className="row" role="group" aria-label={t('settings.presets')}>
        <span className="muted small-note">{t('settings.presets')}</span>
        {CONNECTION_PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            className="ghost small"
            title={p.hostExample}
            onClick={() => onChange(p.apply(value))}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div className="field">
        <label htmlFor="profile-judge-url">{t('settings.judgeUrl')}</label>
        <input
          id="profile-judge-url"
          value={value.judgeUrl}
          placeholder={derivedJudgeUrl}
          onChange={(e) => onChange({ ...value, judgeUrl: e.target.value })}
          aria-describedby="profile-judge-url-hint"
        />
        <span id="profile-judge-url-hint" className="muted small-note">
          {t('settings.judgeUrlHint', { url: derivedJudgeUrl })}
        </span>
      </div>
      <div className="field">
        <label htmlFor="profile-auth">{t('settings.auth')}</label>
        <div className="row">
          <select
            id="profile-auth"
            value={value.auth.scheme}
            onChange={(e) => {
              const scheme = e.target.value as AuthScheme['scheme'];
              onChange({
                ...value,
                auth: scheme === 'header' ? { scheme, header: 'api-key' } : { scheme },
              });
            }}
          >
            {SCHEMES.map((s) => (
              <option key={s} value={s}>
                {t(`settings.auth.${s}`)}
              </option>
            ))}
          </select>
          {value.auth.scheme === 'header' ? (
            <input
              aria-label={t('settings.authHeader')}
              value={value.auth.header}
              onChange={(e) => onChange({ ...value, auth: { scheme: 'header', header: e.target.value } })}
            />
          ) : null}
        </div>
      </div>
      <PairList
        id="profile-headers-label"
        label={t('settings.headers')}
        items={value.headers}
        removeLabel={(i) => t('settings.removeHeader', { n: i + 1 })}
        addLabel={t('settings.addHeader')}
        blank={(): HeaderDraft => ({ name: '', value: '', secret: false })}
        onChange={(headers) => onChange({ ...value, headers })}
        row={(h, i, set) => (
          <>
            <input
              aria-label={t('settings.headerName', { n: i + 1 })}
              value={h.name}
              placeholder="x-header-name"
              onChange={(e) => set({ name: e.target.value })}
            />
            <input
              aria-label={t('settings.headerValue', { n: i + 1 })}
              type={h.secret ? 'password' : 'text'}
              value={h.value}
              placeholder={h.secret && h.hint ? t('settings.secretKept', { hint: h.hint }) : ''}
              onChange={(e) => set({ value: e.target.value })}
              autoComplete="off"
            />
            <label className="checkbox">
              <input type="checkbox" checked={h.secret} onChange={(e) => set({ secret: e.target.checked })} />
              {t('settings.headerSecret')}
            </label>
          </>
        )}
      />
      <PairList
        id="profile-query-label"
        label={t('settings.query')}
        items={value.query}
        removeLabel={(i) => t('settings.removeQuery', { n: i + 1 })}
        addLabel={t('settings.addQuery')}
        blank={() => ({ name: '', value: '' })}
        onChange={(query) => onChange({ ...value, query })}
        row={(q, i, set) => (
          <>
            <input
              aria-label={t('settings.queryName', { n: i + 1 })}
              value={q.name}
              onChange={(e) => set({ name: e.target.value })}
            />
            <input
              aria-label={t('settings.queryValue', { n: i + 1 })}
              value={q.value}
              onChange={(e) => set({ value: e.target.value })}
            />
          </>
        )}
      />
    </fieldset>
  );
}
