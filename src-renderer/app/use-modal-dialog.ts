import { useEffect, useRef } from 'react';

/**
 * A `<dialog>` shown as a modal while `open` is true, closed when it turns false. Where modal
 * dialogs are not supported (jsdom), it is shown as an open, non-modal one.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  return dialog;
}
