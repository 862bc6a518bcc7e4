import { useEffect, useRef } from 'react';
import { t } from '../../i18n/i18n';
import { useJudge } from './judge-store';
import { useJudgeActions } from './use-judge-actions';

/**
 * Asked before a new set, another set or an import replaces a draft with unsaved edits:
 * Save (then continue), Discard (continue without saving) or Cancel (stay, nothing changes).
 */
export function LeaveDialog() {
  const pending = useJudge((s) => s.pendingLeave);
  const name = useJudge((s) => s.draft.name);
  const { refresh } = useJudgeActions();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pending) first.current?.focus();
  }, [pending]);
  if (!pending) return null;
  const answer = async (choice: 'save' | 'discard' | 'cancel') => {
    await useJudge.getState().resolveLeave(choice);
    if (choice === 'save') refresh();
  };
  return (
    <div
      className="notice notice-warn judge-leave"
      role="alertdialog"
      aria-label={t('judge.leave.title')}
      aria-describedby="judge-leave-text"
      onKeyDown={(e) => e.key === 'Escape' && void answer('cancel')}
    >
      <div>
        <p id="judge-leave-text">{t('judge.leave.text', { name })}</p>
        <div className="row">
          <button ref={first} type="button" className="primary small" onClick={() => void answer('save')}>
            {t('judge.leave.save')}
          </button>
          <button type="button" className="danger small" onClick={() => void answer('discard')}>
            {t('judge.leave.discard')}
          </button>
          <button type="button" className="ghost small" onClick={() => void answer('cancel')}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
