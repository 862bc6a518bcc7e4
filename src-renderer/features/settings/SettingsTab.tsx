import { SidePanel } from '../../app/SidePanel';
import { useState } from 'react';
import type { ProfileView } from '../../../src-shared/profiles/profile-view';
import type { AppError } from '../../../src-shared/result';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { KeyPanel } from './KeyPanel';
import { useSettingsView } from './settings-view-store';
import { WindowSettings } from './WindowSettings';
import { draftOf, type ProfileDraft, ProfileForm } from './ProfileForm';
import { BLANK_NETWORK } from './NetworkFields';

const NEW_PROFILE: ProfileDraft = {
  name: '',
  kind: 'gateway-overseas',
  host: '',
  judgeSegment: 'partner',
  judgeUrl: '',
  auth: { scheme: 'bearer' },
  headers: [],
  query: [],
  network: BLANK_NETWORK,
};

/**
 * A refusal while no key is saved is about the missing key, said plainly: the user is on the page
 * to paste it (a local server's profile may go without one, and its gateway may still want one).
 */
function testError(error: AppError, profile: ProfileView): AppError {
  const aboutKey = error.code === 'no_key' || error.code === 'unauthorized' || error.code === 'forbidden';
  return aboutKey && !profile.key.hasKey && profile.kind !== 'sandbox' ? { ...error, code: 'no_key' } : error;
}

function ConnectionTest({ profile }: { profile: ProfileView }) {
  const profileId = profile.id;
  const test = useRouteMutation('profiles.test');
  return (
    <section className="card">
      <div className="row">
        <button type="button" onClick={() => test.mutate({ id: profileId })} disabled={test.isPending}>
          {test.isPending ? t('settings.testing') : t('settings.testConnection')}
        </button>
        {test.data ? (
          <span role="status" className="ok-text">
            {t('settings.testOk', {
              ms: test.data.latencyMs,
              count: test.data.models,
              sample: test.data.sample.join(', '),
            })}
          </span>
        ) : null}
      </div>
      {test.error ? (
        <ErrorNotice error={testError(test.error.error, profile)} place={{ inSettings: true }} />
      ) : null}
    </section>
  );
}

function ProfileDetail({ profile, active }: { profile: ProfileView; active: boolean }) {
  const activate = useRouteMutation('profiles.activate', ['profiles.list', 'models.list']);
  const remove = useRouteMutation('profiles.delete', ['profiles.list', 'models.list']);
  const [confirm, setConfirm] = useState(false);
  return (
    <div className="profile-detail">
      <div className="row">
        <h2>{profile.name}</h2>
        {active ? (
          <span className="badge">{t('settings.active')}</span>
        ) : (
          <button type="button" className="primary" onClick={() => activate.mutate({ id: profile.id })}>
            {t('settings.useProfile')}
          </button>
        )}
      </div>
      {profile.kind === 'sandbox' ? (
        <section className="card">
          <p>{t('settings.sandboxInfo')}</p>
          <p className="muted">
            {profile.liveHost
              ? t('settings.sandboxAddress', { host: profile.liveHost })
              : t('settings.sandboxNotStarted')}
          </p>
        </section>
      ) : (
        <ProfileForm profile={draftOf(profile)} onSaved={() => undefined} />
      )}
      <KeyPanel profile={profile} />
      <ConnectionTest profile={profile} />
      {profile.kind !== 'sandbox' ? (
        confirm ? (
          <div className="row">
            <span>{t('common.confirmDelete', { name: profile.name })}</span>
            <button type="button" className="danger" onClick={() => remove.mutate({ id: profile.id })}>
              {t('common.delete')}
            </button>
            <button type="button" className="ghost" onClick={() => setConfirm(false)}>
              {t('common.cancel')}
            </button>
          </div>
        ) : (
          <button type="button" className="danger ghost" onClick={() => setConfirm(true)}>
            {t('settings.deleteProfile')}
          </button>
        )
      ) : null}
    </div>
  );
}

export function SettingsTab() {
  // Fetched afresh on opening: whether the Sandbox runs (and where) changes as the app is used.
  const list = useRoute('profiles.list', {}, { refetchOnMount: 'always' });
  const selected = useSettingsView((s) => s.shown);
  const setSelected = useSettingsView((s) => s.show);
  // Each "Add profile" opens an empty form, even when one was open already.
  const [newForm, setNewForm] = useState(0);
  const profiles = list.data?.profiles ?? [];
  const current =
    selected === 'new'
      ? undefined
      : (profiles.find((p) => p.id === selected) ?? profiles.find((p) => p.id === list.data?.activeId));

  return (
    <div className="settings-layout">
      <SidePanel id="profiles" side="start" className="sidebar" label={t('settings.profiles')}>
        <ul className="conv-list">
          {profiles.map((p) => (
            <li key={p.id} className={current?.id === p.id ? 'conv-row active' : 'conv-row'}>
              <button
                type="button"
                className="conv-open"
                aria-current={current?.id === p.id}
                onClick={() => setSelected(p.id)}
              >
                {p.name}
                {p.id === list.data?.activeId ? ' ●' : ''}
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="wide"
          onClick={() => {
            setSelected('new');
            setNewForm((n) => n + 1);
          }}
        >
          + {t('settings.addProfile')}
        </button>
      </SidePanel>
      <section className="settings-main">
        {list.error ? <ErrorNotice error={list.error.error} place={{ inSettings: true }} /> : null}
        {selected === 'new' ? (
          <>
            <h2>{t('settings.addProfile')}</h2>
            <ProfileForm key={newForm} profile={NEW_PROFILE} onSaved={(p) => setSelected(p.id)} />
          </>
        ) : current ? (
          // Keyed by profile: a half-typed key or a test result never carries over to another profile.
          <ProfileDetail key={current.id} profile={current} active={current.id === list.data?.activeId} />
        ) : null}
        <WindowSettings />
      </section>
    </div>
  );
}
