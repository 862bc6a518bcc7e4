import './attachments.css';
import { useRef } from 'react';
import { ATTACHMENT_MIMES } from '../../../src-shared/chat/attachment-rules';
import { t } from '../../i18n/i18n';
import { useAttachmentDraft } from './attachment-draft';

/** What the picker offers: the types main keeps, and code files by their extensions. */
const PICKER_ACCEPT = [
  ...ATTACHMENT_MIMES,
  ...'.txt .md .markdown .csv .json .jsonl .yaml .yml .toml .xml .html .css .js .jsx .ts .tsx .py .go .rs .java .c .h .cpp .cs .rb .php .sh .sql .log'.split(
    ' ',
  ),
].join(',');

/** The button that opens the file picker (beside the message box). */
export function AttachButton() {
  const input = useRef<HTMLInputElement>(null);
  const add = useAttachmentDraft((s) => s.add);
  return (
    <>
      <button
        type="button"
        className="ghost attach-button"
        aria-label={t('chat.attach')}
        title={`${t('chat.attach')} — ${t('chat.attachHint')}`}
        onClick={() => input.current?.click()}
      >
        {/* A paperclip: the composer's row has no room for words beside Side by side and Send. */}
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.5 3.5 0 0 1 5 5l-8.6 8.6a2 2 0 0 1-2.8-2.8l7.9-7.9"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={PICKER_ACCEPT}
        data-testid="attach-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // The same file can be picked again after it was removed.
          e.target.value = '';
          if (files.length) void add(files);
        }}
      />
    </>
  );
}
