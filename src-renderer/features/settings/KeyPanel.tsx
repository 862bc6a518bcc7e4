import { useState } from 'react';
import type { ProfileView } from '../../../src-shared/profiles/profile-view';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { keyLooksUsual } from '../../../src-shared/profiles/key-transport';

/** Paste once; afterwards only the hint and the protection in use are shown, never the key. */
export function KeyPanel({ profile }: { profile: ProfileView }) {
  const [key, setKey] = useState('');
  const [replacing, setReplacing] = useState(false);
  const [acceptWeak, setAcceptWeak] = useState(false);
  const setKeyM = useRouteMutation('profiles.setKey', ['profiles.list', 'models.list']);
  const forget = useRouteMutation('profiles.forgetKey', ['profiles.list', 'models.list']);
  const status = profile.key;
  const showInput = !status.hasKey || replacing;

  return (
    <section className="card" aria-labelledby={`key-${profile.id}`}>
      <h3 id={`key-${profile.id}`}>{t('settings.apiKey')}</h3>
      {profile.kind === 'sandbox' ? (
        <p className="muted small-note">{t('settings.sandboxKeyOptional')}</p>
      ) : null}
      {status.hasKey ? (
        <div className="key-status">
          <code aria-label={t('settings.keyHintLabel')}>
            {t('settings.keyHint', { hint: status.hint ?? '' })}
          </code>
          {status.protection ? (
            <span className={`protection protection-${status.protection}`}>
              {t(`settings.protection.${status.protection}`)}
            </span>
          ) : null}
        </div>
      ) : (
        <p className="muted">{t('settings.noKey')}</p>
      )}
      {showInput ? (
        <form
          className="key-form"
          onSubmit={(e) => {
            e.preventDefault();
            setKeyM.mutate(
              { id: profile.id, key, acceptWeakStorage: acceptWeak },
              {
                onSuccess: () => {
                  setKey('');
                  setReplacing(false);
                },
              },
            );
          }}
        >
          <div className="field">
            <label htmlFor={`key-input-${profile.id}`}>{t('settings.pasteKey')}</label>
            <input
              id={`key-input-${profile.id}`}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('settings.keyPlaceholder')}
              value={key}
              onChange={(e) => setKey(e.target.value)}
              aria-describedby={`key-shape-${profile.id}`}
            />
            {key.trim() && !keyLooksUsual(key) ? (
              <span id={`key-shape-${profile.id}`} className="warn-text small-note" role="note">
                {t('settings.keyUnusual')}
              </span>
            ) : null}
          </div>
          {status.weakStorageOnly ? (
            <label className="checkbox">
              <input type="checkbox" checked={acceptWeak} onChange={(e) => setAcceptWeak(e.target.checked)} />
              {t('settings.acceptWeak')}
            </label>
          ) : null}
          {status.weakStorageOnly && !acceptWeak ? (
            <p className="muted small-note">{t('settings.weakExplain')}</p>
          ) : null}
          {!status.canPersist ? (
            <p className="muted small-note">{t('settings.protection.memory-only')}</p>
          ) : null}
          <div className="row">
            <button type="submit" className="primary" disabled={!key.trim() || setKeyM.isPending}>
              {t('settings.saveKey')}
            </button>
            {replacing ? (
              <button type="button" className="ghost" onClick={() => setReplacing(false)}>
                {t('common.cancel')}
              </button>
            ) : null}
          </div>
        </form>
      ) : (
        <div className="row">
          <button type="button" onClick={() => setReplacing(true)}>
            {t('settings.replaceKey')}
          </button>
          <button type="button" className="danger" onClick={() => forget.mutate({ id: profile.id })}>
            {t('settings.forgetKey')}
          </button>
        </div>
      )}
      {setKeyM.error ? <ErrorNotice error={setKeyM.error.error} place={{ inSettings: true }} /> : null}
    </section>
  );
}
