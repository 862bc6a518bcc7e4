import { useEffect, useRef } from 'react';
import { t } from '../../i18n/i18n';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Full view of one image, as a modal dialog: Tab and Shift+Tab cycle inside it, Escape or the
 * close button returns to the grid, and focus goes back to where it was.
 */
export function ImageViewer(props: { url: string; alt: string; onSave: () => void; onClose: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  // The latest onClose, so the effect runs once per opening (re-running it would move focus).
  const onCloseRef = useRef(props.onClose);
  onCloseRef.current = props.onClose;
  const onClose = () => onCloseRef.current();
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !dialog.current) return;
      const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => !el.hasAttribute('disabled'),
      );
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const inside = dialog.current.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus();
    };
  }, []);
  return (
    <div className="media-overlay" onClick={onClose}>
      <div
        ref={dialog}
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
