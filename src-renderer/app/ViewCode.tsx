import { lazy, Suspense, useState } from 'react';
import { useModalDialog } from './use-modal-dialog';
import type { CodeFile, CodeKind, HttpCall } from '../../src-shared/request/view-code';
import { t } from '../i18n/i18n';

// The code generators load when a dialog first opens, not with the tab that shows the button.
const CodePanel = lazy(() => import('./ViewCodePanel').then((m) => ({ default: m.CodePanel })));

/**
 * "View code": the request this form would send, as curl, Python and Node, for the active
 * profile's address, the key read from the environment. The code is generated from the same
 * body the form sends (src-shared/request/view-code.ts).
 */
export function ViewCode({
  kind,
  body,
  http,
  load,
  profileId,
}: {
  kind: CodeKind;
  body: Record<string, unknown>;
  /** For kind `http`: the method and address of a call the request log recorded. */
  http?: HttpCall;
  /**
   * Where main builds the body (a chat's whole history with its files): asked when the dialog
   * opens, `body` shown until it answers.
   */
  load?: () => Promise<{ body: Record<string, unknown>; files: CodeFile[] }>;
  /** The profile the request went to; absent: the active one. */
  profileId?: string;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useModalDialog(open);
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
        {open ? (
          <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
            <CodePanel
              kind={kind}
              body={body}
              http={http}
              load={load}
              profileId={profileId}
              onClose={() => setOpen(false)}
            />
          </Suspense>
        ) : null}
      </dialog>
    </>
  );
}
