import { useEffect, useMemo, useRef, useState } from 'react';
import {
  CODE_LANGUAGES,
  type CodeKind,
  type CodeLanguage,
  generateCode,
  type HttpCall,
  KEY_ENV,
} from '../../src-shared/request/view-code';
import { useRoute } from '../hooks/use-route';
import { t } from '../i18n/i18n';

/** Placeholder host while the Sandbox has not started (it starts on first use). */
const SANDBOX_NOT_RUNNING = 'http://127.0.0.1:PORT';
const SDK_KINDS: ReadonlySet<CodeKind> = new Set(['chat', 'embeddings', 'images', 'speech']);

/**
 * "View code": the request this form would send, as curl, Python and Node, for the active
 * profile's address, the key read from the environment. The code is generated from the same
 * body the form sends (src-shared/request/view-code.ts).
 */
export function ViewCode({
  kind,
  body,
  http,
}: {
  kind: CodeKind;
  body: Record<string, unknown>;
  /** For kind `http`: the method and address of a call the request log recorded. */
  http?: HttpCall;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    // Where modal dialogs are not supported (jsdom), it is shown as an open, non-modal one.
    if (open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  return (
    <>
      <button type="button" className="small" onClick={() => setOpen(true)}>
        {t('code.view')}
      </button>
      <dialog
        ref={dialog}
        className="view-code"
        aria-label={t('code.title')}
        onClose={() => setOpen(false)}
        onClick={(e) => {
          // A click on the backdrop (the dialog itself, outside its content) closes it.
          if (e.target === dialog.current) setOpen(false);
        }}
      >
        {open ? <CodePanel kind={kind} body={body} http={http} onClose={() => setOpen(false)} /> : null}
      </dialog>
    </>
  );
}

function CodePanel({
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
  const [copied, setCopied] = useState(false);
  const profiles = useRoute('profiles.list', {}, { refetchOnMount: 'always' });
  const active = profiles.data?.profiles.find((p) => p.id === profiles.data?.activeId);
  const host = active?.kind === 'sandbox' ? (active.liveHost ?? SANDBOX_NOT_RUNNING) : (active?.host ?? '');
  const code = useMemo(
    () => generateCode({ kind, host, judgeSegment: active?.judgeSegment ?? 'partner', body, http }, language),
    [kind, host, active?.judgeSegment, body, http, language],
  );
  return (
    <div className="view-code-panel">
      <div className="row view-code-head">
        <h3 className="grow">{t('code.title')}</h3>
        <button
          type="button"
          className="ghost small"
          aria-label={t('common.close')}
          title={t('common.close')}
          onClick={onClose}
        >
          ×
        </button>
      </div>
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
                setCopied(false);
              }}
            >
              {t(`code.lang.${l}`)}
            </button>
          ))}
        </div>
        <span className="grow" />
        <button
          type="button"
          className="small"
          onClick={() => void navigator.clipboard.writeText(code).then(() => setCopied(true))}
        >
          {copied ? t('common.copied') : t('code.copy')}
        </button>
      </div>
      <pre className="view-code-text" aria-label={t(`code.lang.${language}`)} tabIndex={0}>
        <code>{code}</code>
      </pre>
      <p className="muted small-note">
        {t('code.keyNote', { env: KEY_ENV })}{' '}
        {language === 'curl'
          ? kind === 'video'
            ? t('code.needs.jq')
            : ''
          : t(`code.needs.${language}.${SDK_KINDS.has(kind) ? 'sdk' : 'http'}`)}
      </p>
      {host === SANDBOX_NOT_RUNNING ? (
        <p className="small-note warn-text">{t('code.sandboxNotRunning')}</p>
      ) : null}
    </div>
  );
}
