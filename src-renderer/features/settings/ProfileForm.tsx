import { SelectField } from '../../app/SelectField';
import { useState } from 'react';
import {
  DEFAULT_IDLE_TIMEOUT_SEC,
  DEFAULT_REPLY_DEADLINE_SEC,
  type ProfileKind,
  REPLY_DEADLINE_RANGE,
} from '../../../src-shared/profiles/profile';
import type { ProfileView } from '../../../src-shared/profiles/profile-view';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { sendsKeyInPlainText } from '../../../src-shared/profiles/key-transport';
import { apiBaseUrl, defaultJudgeUrl } from '../../../src-shared/profiles/profile-address';
import { ConnectionFields } from './ConnectionFields';
import { NetworkFields, type NetworkDraft, proxyUrlProblem } from './NetworkFields';
import './settings.css';
import type { ConnectionDraft } from './profile-presets';

const KINDS: ProfileKind[] = ['gateway-overseas', 'gateway-mainland', 'openai-compatible'];

export interface ProfileDraft extends ConnectionDraft {
  id?: string;
  name: string;
  kind: ProfileKind;
  host: string;
  judgeSegment: string;
  idleTimeoutSec?: number;
  replyDeadlineSec?: number;
  autoRetryRateLimit?: boolean;
  allowPlainHttpKey?: boolean;
  network: NetworkDraft;
  /** What main read of the saved certificates, and whether a proxy password is saved. */
  caCertificateInfo?: ProfileView['caCertificateInfo'];
  proxyPasswordSaved?: boolean;
}

/** A saved profile as the form edits it; a secret header comes back as its hint only. */
export function draftOf(p: ProfileView): ProfileDraft {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    host: p.host,
    judgeSegment: p.judgeSegment,
    idleTimeoutSec: p.idleTimeoutSec,
    replyDeadlineSec: p.replyDeadlineSec,
    autoRetryRateLimit: p.autoRetryRateLimit,
    allowPlainHttpKey: p.allowPlainHttpKey,
    judgeUrl: p.judgeUrl ?? '',
    auth: p.auth ?? { scheme: 'bearer' },
    headers: (p.headers ?? []).map((h) => ({
      name: h.name,
      value: h.value ?? '',
      secret: h.secret === true,
      hint: h.hint,
    })),
    query: p.query ?? [],
    network: {
      proxyMode: p.network?.proxy?.mode ?? 'system',
      proxyUrl: p.network?.proxy?.mode === 'url' ? p.network.proxy.url : '',
      caCertificates: p.network?.caCertificates ?? [],
    },
    caCertificateInfo: p.caCertificateInfo,
    proxyPasswordSaved: p.proxyPasswordSaved,
  };
}

/** The network settings as main takes them (profile-network.ts). */
function networkInput(n: NetworkDraft) {
  return {
    proxy: n.proxyMode === 'url' ? { mode: 'url' as const, url: n.proxyUrl.trim() } : { mode: n.proxyMode },
    caCertificates: n.caCertificates,
  };
}

/** What the judgement endpoint is when its own field is empty, as main derives it. */
function derivedJudge(host: string, segment: string): string {
  try {
    return defaultJudgeUrl(apiBaseUrl(host), segment || 'partner');
  } catch {
    return '{host}/{segment}/v1/systemone';
  }
}

/** Empty means the default; otherwise whole seconds from 10 to 3600, as main checks too. */
export function idleTimeoutProblem(text: string): string | undefined {
  if (!text.trim()) return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 10 && n <= 3600 ? undefined : t('settings.idleTimeoutRule');
}

/** Empty means the default; otherwise whole seconds from 30 to 7200, as main checks too. */
export function replyDeadlineProblem(text: string): string | undefined {
  if (!text.trim()) return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= REPLY_DEADLINE_RANGE.min && n <= REPLY_DEADLINE_RANGE.max
    ? undefined
    : t('settings.replyDeadlineRule');
}

export function hostProblem(host: string): string | undefined {
  if (!host.trim()) return t('settings.hostRequired');
  try {
    const u = new URL(host.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : t('settings.hostScheme');
  } catch {
    return t('settings.hostInvalid');
  }
}

export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: ProfileDraft;
  onSaved: (p: ProfileView) => void;
}) {
  const [draft, setDraft] = useState(profile);
  // "Name is required" waits until the field was left empty or a save was tried.
  const [nameTouched, setNameTouched] = useState(false);
  const [idleText, setIdleText] = useState(profile.idleTimeoutSec?.toString() ?? '');
  const idleIssue = idleTimeoutProblem(idleText);
  const [deadlineText, setDeadlineText] = useState(profile.replyDeadlineSec?.toString() ?? '');
  const deadlineIssue = replyDeadlineProblem(deadlineText);
  const save = useRouteMutation('profiles.save', ['profiles.list', 'models.list']);
  const hostIssue = draft.host ? hostProblem(draft.host) : undefined;
  const nameMissing = !draft.name.trim();
  const nameIssue = nameMissing && nameTouched ? t('settings.nameRequired') : undefined;
  const segIssue = /^[A-Za-z0-9_-]+$/.test(draft.judgeSegment) ? undefined : t('settings.segmentRule');
  const proxyIssue = draft.network.proxyMode === 'url' ? proxyUrlProblem(draft.network.proxyUrl) : undefined;
  const canSave =
    !hostIssue &&
    !nameMissing &&
    !segIssue &&
    !idleIssue &&
    !deadlineIssue &&
    !proxyIssue &&
    draft.host.trim() !== '';

  return (
    <form
      className="card"
      aria-label={t('settings.profileDetails')}
      onSubmit={(e) => {
        e.preventDefault();
        const idleTimeoutSec = idleText.trim() ? Number(idleText) : undefined;
        const replyDeadlineSec = deadlineText.trim() ? Number(deadlineText) : undefined;
        // A secret header sent without a value keeps the one main holds; the hint is the window's only.
        const headers = draft.headers
          .filter((h) => h.name.trim())
          .map((h) => ({ name: h.name.trim(), value: h.value || undefined, secret: h.secret }));
        const query = draft.query.filter((q) => q.name.trim());
        // What main reports back about certificates and the proxy password is not sent to it.
        const { caCertificateInfo: _info, proxyPasswordSaved: _saved, network, ...fields } = draft;
        if (canSave)
          save.mutate(
            {
              ...fields,
              idleTimeoutSec,
              replyDeadlineSec,
              judgeUrl: draft.judgeUrl.trim(),
              headers,
              query,
              network: networkInput(network),
            },
            { onSuccess: onSaved },
          );
      }}
    >
      <div className="field">
        <label htmlFor="profile-name">{t('settings.name')}</label>
        <input
          id="profile-name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          onBlur={() => setNameTouched(true)}
          aria-invalid={!!nameIssue}
        />
        {nameIssue ? <span className="field-error">{nameIssue}</span> : null}
      </div>
      <SelectField
        id="profile-kind"
        label={t('settings.kind')}
        value={draft.kind}
        options={KINDS}
        optionLabel={(k) => t(`settings.kind.${k}`)}
        onChange={(kind) => setDraft({ ...draft, kind })}
      />
      <div className="field">
        <label htmlFor="profile-host">{t('settings.host')}</label>
        <input
          id="profile-host"
          value={draft.host}
          placeholder={t('settings.hostExample')}
          onChange={(e) => setDraft({ ...draft, host: e.target.value })}
          aria-invalid={!!hostIssue}
          aria-describedby="profile-host-hint"
        />
        <span id="profile-host-hint" className={hostIssue ? 'field-error' : 'muted small-note'}>
          {hostIssue ??
            t(draft.kind === 'openai-compatible' ? 'settings.hostHint' : 'settings.hostHintGateway')}
        </span>
      </div>
      {sendsKeyInPlainText(draft.host) ? (
        <div className="field plain-http" role="note">
          <p className="warn-text">{t('settings.plainHttpWarning')}</p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.allowPlainHttpKey ?? false}
              onChange={(e) => setDraft({ ...draft, allowPlainHttpKey: e.target.checked })}
            />
            {t('settings.allowPlainHttpKey')}
          </label>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="profile-seg">{t('settings.judgeSegment')}</label>
        <input
          id="profile-seg"
          value={draft.judgeSegment}
          onChange={(e) => setDraft({ ...draft, judgeSegment: e.target.value })}
          aria-invalid={!!segIssue}
        />
        <span className={segIssue ? 'field-error' : 'muted small-note'}>
          {segIssue ?? t('settings.judgeSegmentHint', { url: derivedJudge(draft.host, draft.judgeSegment) })}
        </span>
      </div>
      <ConnectionFields
        value={draft}
        derivedJudgeUrl={derivedJudge(draft.host, draft.judgeSegment)}
        onChange={(c) => setDraft({ ...draft, ...c })}
      />
      <NetworkFields
        value={draft.network}
        saved={draft.caCertificateInfo}
        passwordSaved={draft.proxyPasswordSaved}
        onChange={(network) => setDraft({ ...draft, network })}
      />
      <div className="field">
        <label htmlFor="profile-idle">{t('settings.idleTimeout')}</label>
        <input
          id="profile-idle"
          inputMode="numeric"
          value={idleText}
          placeholder={String(DEFAULT_IDLE_TIMEOUT_SEC)}
          onChange={(e) => setIdleText(e.target.value)}
          aria-invalid={!!idleIssue}
        />
        <span className={idleIssue ? 'field-error' : 'muted small-note'}>
          {idleIssue ?? t('settings.idleTimeoutHint', { seconds: DEFAULT_IDLE_TIMEOUT_SEC })}
        </span>
      </div>
      <div className="field">
        <label htmlFor="profile-deadline">{t('settings.replyDeadline')}</label>
        <input
          id="profile-deadline"
          inputMode="numeric"
          value={deadlineText}
          placeholder={String(DEFAULT_REPLY_DEADLINE_SEC)}
          onChange={(e) => setDeadlineText(e.target.value)}
          aria-invalid={!!deadlineIssue}
          aria-describedby="profile-deadline-hint"
        />
        <span id="profile-deadline-hint" className={deadlineIssue ? 'field-error' : 'muted small-note'}>
          {deadlineIssue ?? t('settings.replyDeadlineHint', { seconds: DEFAULT_REPLY_DEADLINE_SEC })}
        </span>
      </div>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.autoRetryRateLimit ?? false}
            onChange={(e) => setDraft({ ...draft, autoRetryRateLimit: e.target.checked })}
            aria-describedby="profile-auto-retry-hint"
          />
          {t('settings.autoRetry')}
        </label>
        <span id="profile-auto-retry-hint" className="muted small-note">
          {t('settings.autoRetryHint')}
        </span>
      </div>
      <div className="row">
        <button type="submit" className="primary" disabled={!canSave || save.isPending}>
          {t('settings.saveProfile')}
        </button>
        {save.isSuccess ? (
          <span className="muted" role="status">
            {t('settings.saved')}
          </span>
        ) : null}
      </div>
      {save.error ? <ErrorNotice error={save.error.error} place={{ inSettings: true }} /> : null}
    </form>
  );
}
