import { useEffect, useRef } from 'react';
import { t } from '../../i18n/i18n';

/** Full view of one image; Escape or the close button returns to the grid. */
export function ImageViewer(props: { url: string; alt: string; onSave: () => void; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  const { onClose } = props;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus();
    };
  }, [onClose]);
  return (
    <div className="media-overlay" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={t('images.viewer')}
        className="media-viewer"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="row media-viewer-bar">
          <span className="muted">{props.alt}</span>
          <span className="spacer" />
          <button type="button" className="primary" onClick={props.onSave}>
            {t('images.save')}
          </button>
          <button type="button" ref={close} onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        <img src={props.url} alt={props.alt} className="media-viewer-img" />
      </div>
    </div>
  );
}
