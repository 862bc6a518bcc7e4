import './attachments.css';
import { useEffect, useRef, useState } from 'react';
import type { AttachmentRef } from '../../../src-shared/chat/attachments';
import { isImageMime } from '../../../src-shared/chat/attachment-rules';
import { t } from '../../i18n/i18n';
import { sizeText } from './attachment-size';
import { useAttachmentUrl } from './attachment-url';

/**
 * A sent question's files: images as thumbnails served by main (click one to see it large),
 * text files as chips with their name and size. Loaded with the first message that has files.
 */
export default function MessageAttachments({ files }: { files: readonly AttachmentRef[] }) {
  const [open, setOpen] = useState<AttachmentRef>();
  return (
    <>
      <ul className="attachment-chips sent" aria-label={t('chat.attachments')}>
        {files.map((f, i) =>
          isImageMime(f.mime) ? (
            <li key={`${f.id}-${i}`} className="attachment-chip image">
              <Thumbnail file={f} onOpen={() => setOpen(f)} />
            </li>
          ) : (
            <li key={`${f.id}-${i}`} className="attachment-chip text">
              <span className="attachment-name">
                {t('chat.attachmentText', { name: f.name, size: sizeText(f.size) })}
              </span>
            </li>
          ),
        )}
      </ul>
      {open ? <ImageViewer file={open} onClose={() => setOpen(undefined)} /> : null}
    </>
  );
}

function Thumbnail({ file, onOpen }: { file: AttachmentRef; onOpen: () => void }) {
  const url = useAttachmentUrl(file.id);
  const label = t('chat.attachmentImage', {
    name: file.name,
    width: file.width ?? '?',
    height: file.height ?? '?',
  });
  return (
    <button type="button" className="attachment-open" aria-label={label} title={label} onClick={onOpen}>
      {url ? <img src={url} alt="" className="attachment-thumb" loading="lazy" decoding="async" /> : null}
      <span className="attachment-name">{file.name}</span>
    </button>
  );
}

/** The image large, in a modal dialog: Escape (the dialog's own cancel) or Close ends it. */
function ImageViewer({ file, onClose }: { file: AttachmentRef; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const url = useAttachmentUrl(file.id);
  useEffect(() => {
    const d = dialog.current;
    // jsdom has no showModal: the dialog is then only open.
    if (!d || d.open) return;
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
  }, []);
  return (
    <dialog
      ref={dialog}
      className="attachment-viewer"
      aria-label={t('chat.attachmentViewer', { name: file.name })}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog itself, not its picture) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {url ? <img src={url} alt={file.name} /> : null}
      <div className="attachment-viewer-bar">
        <span>
          {file.name} · {file.width}×{file.height} · {sizeText(file.size)}
        </span>
        <button type="button" className="small" onClick={onClose} autoFocus>
          {t('chat.attachmentClose')}
        </button>
      </div>
    </dialog>
  );
}
