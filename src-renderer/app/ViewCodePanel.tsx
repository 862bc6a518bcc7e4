import { useEffect, useMemo, useState } from 'react';
import { CodePanelHead } from './CodePanelHead';
import { CopyButton } from './CopyButton';
import {
  CODE_LANGUAGES,
  type CodeFile,
  type CodeKind,
  type CodeLanguage,
  generateCode,
  type HttpCall,
} from '../../src-shared/request/view-code';
import { t } from '../i18n/i18n';
import { asAppError } from '../bridge/api';
import { ErrorNotice } from './ErrorNotice';
import { codeKeyNote } from './code-key-note';
import { SANDBOX_NOT_RUNNING, useCodeProfile } from './use-code-profile';
const SDK_KINDS: ReadonlySet<CodeKind> = new Set(['chat', 'embeddings', 'images', 'speech']);

/** The View code dialog's content: loaded when the dialog first opens, with the generators. */
type Loaded = { body: Record<string, unknown>; files: CodeFile[] };

/** The body main builds, once per opening; `undefined` while it is being built. */
function useLoaded(load: (() => Promise<Loaded>) | undefined) {
  const [state, setState] = useState<{ loaded?: Loaded; error?: unknown; loading: boolean }>({
    loading: load !== undefined,
  });
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (loaded) => live && setState({ loaded, loading: false }),
      (error: unknown) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
    // Asked once when the dialog opens: the code shows the request as it stood then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}

export function CodePanel({
  kind,
  body: formBody,
  http,
  load,
  profileId,
  onClose,
}: {
  kind: CodeKind;
  body: Record<string, unknown>;
  http?: HttpCall;
  load?: () => Promise<Loaded>;
  profileId?: string;
  onClose: () => void;
}) {
  const [language, setLanguage] = useState<CodeLanguage>('curl');
  const profile = useCodeProfile(profileId);
  const { loaded, error, loading } = useLoaded(load);
  const body = loaded?.body ?? formBody;
  const files = loaded?.files;
  const code = useMemo(
    () =>
      // Nothing is shown for a body main is still building: the form's alone would be a different request.
      loading ? '' : generateCode({ ...profile, kind, body, http, ...(files ? { files } : {}) }, language),
    [profile, kind, body, http, files, language, loading],
  );
  return (
    <div className="view-code-panel">
      <CodePanelHead title={t('code.title')} onClose={onClose} />
      <div className="row">
        {/* A tablist may hold only tabs, so Copy stands beside it, not in it. */}
        <div role="tablist" aria-label={t('code.languages')} className="row">
          {CODE_LANGUAGES.map((l) => (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={language === l}
              className={language === l ? 'small pressed' : 'small ghost'}
              onClick={() => {
                setLanguage(l);
              }}
            >
              {t(`code.lang.${l}`)}
            </button>
          ))}
        </div>
        <span className="grow" />
        <CopyButton text={code} label={t('code.copy')} />
      </div>
      {loading ? <p className="muted small-note">{t('common.loading')}</p> : null}
      {error ? <ErrorNotice error={asAppError(error)} /> : null}
      {files?.length ? (
        <p className="muted small-note">{t('code.files', { names: files.map((f) => f.name).join(', ') })}</p>
      ) : null}
      {/* No empty block while main builds the body: a labelled <pre> with nothing in it is an
          unnamed region to a screen reader (axe: aria-prohibited-attr). */}
      {loading ? null : (
        <pre className="view-code-text" aria-label={t(`code.lang.${language}`)} tabIndex={0}>
          <code>{code}</code>
        </pre>
      )}
      <p className="muted small-note">
        {codeKeyNote(profile)}{' '}
        {language === 'curl'
          ? kind === 'video'
            ? t('code.needs.jq')
            : ''
          : t(`code.needs.${language}.${SDK_KINDS.has(kind) ? 'sdk' : 'http'}`)}
      </p>
      {profile.host === SANDBOX_NOT_RUNNING ? (
        <p className="small-note warn-text">{t('code.sandboxNotRunning')}</p>
      ) : null}
    </div>
  );
}
