import { useState } from 'react';
import { ErrorNotice } from '../../app/ErrorNotice';
import { t } from '../../i18n/i18n';
import { sendOnEnter } from './send-on-enter';
import { openLive, useChat } from './chat-store';
import { useCompare } from './compare-store';
import { loadMarkdownRenderer } from './markdown-loader';
import { addingFiles, readyFiles, useAttachmentDraft } from './attachment-draft';
import { AttachButton } from './AttachButton';
import { DraftFiles } from './DraftFiles';

/** The files a paste or a drop carries, if any (text pasted stays text). */
function filesOf(data: DataTransfer | null): File[] {
  return data ? [...data.files] : [];
}

export function Composer() {
  // One selector each: the whole store changes with every message and streamed frame.
  const draft = useChat((s) => s.draft);
  const setDraft = useChat((s) => s.setDraft);
  const send = useChat((s) => s.send);
  const stop = useChat((s) => s.stop);
  const error = useChat((s) => s.error);
  const clearError = useChat((s) => s.clearError);
  // Only the open conversation's reply matters here; one streaming elsewhere does not block sending.
  const live = useChat(openLive);
  const busy = live !== undefined;
  const addFiles = useAttachmentDraft((s) => s.add);
  const hasFiles = useAttachmentDraft(readyFiles);
  const adding = useAttachmentDraft(addingFiles);
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={`composer${dragging ? ' dropping' : ''}`}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        setDragging(false);
        const files = filesOf(e.dataTransfer);
        if (!files.length) return;
        e.preventDefault();
        void addFiles(files);
      }}
    >
      {error ? <ErrorNotice error={error} onDismiss={clearError} /> : null}
      {dragging ? <div className="drop-note">{t('chat.attachDrop')}</div> : null}
      <DraftFiles />
      <div className="composer-row">
        <textarea
          aria-label={t('chat.message')}
          placeholder={t('chat.messagePlaceholder')}
          value={draft}
          rows={3}
          onChange={(e) => {
            setDraft(e.target.value);
            // The reply will need the markdown renderer: load it while the question is typed,
            // not in the reply's first frames.
            void loadMarkdownRenderer();
          }}
          onKeyDown={sendOnEnter(send)}
          onPaste={(e) => {
            const files = filesOf(e.clipboardData);
            if (!files.length) return;
            e.preventDefault();
            void addFiles(files);
          }}
        />
        <AttachButton />
        <button
          type="button"
          className="ghost small compare-toggle"
          title={t('compare.openHint')}
          onClick={() => useCompare.getState().setActive(true)}
        >
          {t('compare.open')}
        </button>
        {/* One slot for Send and Stop, so the button the user reaches for never moves. */}
        {busy ? (
          <button
            type="button"
            className="primary danger"
            onClick={stop}
            disabled={!live.accepted}
            title={t('keys.stop')}
          >
            {t('chat.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => void send()}
            disabled={(!draft.trim() && !hasFiles) || adding}
            title={t('keys.send')}
          >
            {t('chat.send')}
          </button>
        )}
      </div>
    </div>
  );
}
