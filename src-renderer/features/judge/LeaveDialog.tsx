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
  if (!pending) return null;
  const answer = async (choice: LeaveChoice) => {
    await useJudge.getState().resolveLeave(choice);
    if (choice === 'save') refresh();
  };
  return (
    <LeavePrompt
      className="judge-leave"
      title={t('judge.leave.title')}
      text={t('judge.leave.text', { name })}
      save={t('judge.leave.save')}
      discard={t('judge.leave.discard')}
      onAnswer={(choice) => void answer(choice)}
    />
  );
}

export type LeaveChoice = 'save' | 'discard' | 'cancel';

/**
 * The question itself, for any editor with unsaved edits (the Evals tab's too): Save, Discard or
 * Cancel (Escape). It takes the focus on Save when it appears.
 */
export function LeavePrompt(p: {
  className: string;
  title: string;
  text: string;
  save: string;
  discard: string;
  onAnswer: (choice: LeaveChoice) => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const id = `${p.className}-text`;
  return (
    <div
      className={`notice notice-warn ${p.className}`}
      role="alertdialog"
      aria-label={p.title}
      aria-describedby={id}
      onKeyDown={(e) => e.key === 'Escape' && p.onAnswer('cancel')}
    >
      <div>
        <p id={id}>{p.text}</p>
        <div className="row">
          <button ref={first} type="button" className="primary small" onClick={() => p.onAnswer('save')}>
            {p.save}
          </button>
          <button type="button" className="danger small" onClick={() => p.onAnswer('discard')}>
            {p.discard}
          </button>
          <button type="button" className="ghost small" onClick={() => p.onAnswer('cancel')}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
