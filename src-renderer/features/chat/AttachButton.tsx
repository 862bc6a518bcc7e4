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
        className="ghost small attach-button"
        title={t('chat.attachHint')}
        onClick={() => input.current?.click()}
      >
        {t('chat.attach')}
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
