import { useEffect, useRef } from 'react';
import type { ImageEntryView } from '../../../src-shared/media/media-history';
import { t } from '../../i18n/i18n';
import { ImageDetails } from './ImageDetails';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** One image the viewer can show: a generation and the place of the image in it. */
export interface ViewerImage {
  entry: ImageEntryView;
  index: number;
}

/** Every image of the history that has a file, in the order the history lists them. */
export function viewableImages(entries: ImageEntryView[]): ViewerImage[] {
  return entries.flatMap((entry) =>
    entry.files.flatMap((_, index) => (entry.urls[index] ? [{ entry, index }] : [])),
  );
}

/**
 * Full view of one image of the history, as a modal dialog, with the request's details beside
 * it. Previous and Next (and ← →) walk every image of the history; the ends stop rather than
 * wrap, so the last image is never mistaken for a new one. Tab and Shift+Tab cycle inside,
 * Escape or Close returns to the grid, and focus goes back to where it was.
 */
export function ImageViewer(props: {
  images: ViewerImage[];
  at: number;
  onMove: (at: number) => void;
  onSave: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  // The latest props, so the key handler is registered once per opening (re-running the effect
  // would move focus back to Close on every step).
  const latest = useRef(props);
  latest.current = props;
  const { images, at } = props;
  const shown = images[at];
  const hasPrev = at > 0;
  const hasNext = at < images.length - 1;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      const p = latest.current;
      if (e.key === 'Escape') {
        e.preventDefault();
        p.onClose();
        return;
      }
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
        const next = p.at + (e.key === 'ArrowLeft' ? -1 : 1);
        e.preventDefault();
        if (next >= 0 && next < p.images.length) p.onMove(next);
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

  if (!shown) return null;
  const url = shown.entry.urls[shown.index]!;
  const alt = t('images.alt', { index: shown.index + 1, prompt: shown.entry.prompt });
  return (
    <div className="media-overlay" onClick={() => latest.current.onClose()}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-label={t('images.viewer')}
        aria-describedby="image-viewer-keys"
        className="media-viewer"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="row media-viewer-bar">
          <span className="muted" aria-live="polite">
            {t('images.position', { at: at + 1, total: images.length })}
          </span>
          <span id="image-viewer-keys" className="muted small-note media-viewer-keys">
            {t('images.keysHint')}
          </span>
          <span className="spacer" />
          <button type="button" className="primary" onClick={props.onSave}>
            {t('images.save')}
          </button>
          <button type="button" ref={close} onClick={() => latest.current.onClose()}>
            {t('common.close')}
          </button>
        </div>
        <div className="media-viewer-body">
          <div className="media-viewer-stage">
            <button
              type="button"
              className="media-viewer-nav"
              aria-label={t('images.previous')}
              title={t('images.previous')}
              disabled={!hasPrev}
              onClick={() => props.onMove(at - 1)}
            >
              {t('images.prevMark')}
            </button>
            <img key={url} src={url} alt={alt} className="media-viewer-img" />
            <button
              type="button"
              className="media-viewer-nav"
              aria-label={t('images.next')}
              title={t('images.next')}
              disabled={!hasNext}
              onClick={() => props.onMove(at + 1)}
            >
              {t('images.nextMark')}
            </button>
          </div>
          <ImageDetails entry={shown.entry} index={shown.index} />
        </div>
      </div>
    </div>
  );
}
