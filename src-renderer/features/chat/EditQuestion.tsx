import { useState } from 'react';
import { t } from '../../i18n/i18n';

/**
 * A question opened for editing in place. Sending starts a new version from here; the question
 * as it was, and every reply after it, stay as a version to flip back to.
 */
export function EditQuestion({
  initial,
  onSend,
  onCancel,
}: {
  initial: string;
  onSend: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const empty = !text.trim();
  return (
    <div className="edit-question">
      <textarea
        aria-label={t('chat.editLabel')}
        value={text}
        autoFocus
        rows={Math.min(12, Math.max(3, text.split('\n').length + 1))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !empty) {
            e.preventDefault();
            onSend(text);
          }
        }}
      />
      <div className="edit-question-actions">
        <span className="muted small-note">{t('chat.editHint')}</span>
        <button type="button" className="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="primary" disabled={empty} onClick={() => onSend(text)}>
          {t('chat.editSend')}
        </button>
      </div>
    </div>
  );
}
