import { useMemo, useState } from 'react';
import { CodePanelHead } from './CodePanelHead';
import { CopyButton } from './CopyButton';
import {
  CODE_LANGUAGES,
  type CodeKind,
  type CodeLanguage,
  generateCode,
  type HttpCall,
} from '../../src-shared/request/view-code';
import { t } from '../i18n/i18n';
import { codeKeyNote } from './code-key-note';
import { SANDBOX_NOT_RUNNING, useCodeProfile } from './use-code-profile';
const SDK_KINDS: ReadonlySet<CodeKind> = new Set(['chat', 'embeddings', 'images', 'speech']);

/** The View code dialog's content: loaded when the dialog first opens, with the generators. */
export function CodePanel({
  kind,
  body,
  http,
  onClose,
}: {
  kind: CodeKind;
  body: Record<string, unknown>;
  http?: HttpCall;
  onClose: () => void;
}) {
  const [language, setLanguage] = useState<CodeLanguage>('curl');
  const profile = useCodeProfile();
  const code = useMemo(
    () => generateCode({ ...profile, kind, body, http }, language),
    [profile, kind, body, http, language],
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
      <pre className="view-code-text" aria-label={t(`code.lang.${language}`)} tabIndex={0}>
        <code>{code}</code>
      </pre>
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
