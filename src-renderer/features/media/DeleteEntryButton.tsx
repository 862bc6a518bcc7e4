import { useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/**
 * Deletes one history entry in two steps, like "Clear history": the × asks first, so one stray
 * click loses nothing. Its accessible name carries the entry's text, so each one is distinct.
 */
export function DeleteEntryButton({
  id,
  name,
  onDeleted,
}: {
  id: string;
  name: string;
  /** Called once main has deleted the entry (a panel showing it stops showing it). */
  onDeleted?: () => void;
}) {
  const remove = useRouteMutation('media.history.delete', ['media.history.list']);
  const [confirm, setConfirm] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const label = t('media.deleteEntryNamed', { name: short(name) });
  const wasConfirming = useRef(false);
  useEffect(() => {
    // Keyboard users keep their place: focus moves to Cancel, and back to × when it closes.
    if (confirm) cancel.current?.focus();
    else if (wasConfirming.current) trigger.current?.focus();
    wasConfirming.current = confirm;
  }, [confirm]);
  return (
    <>
      {confirm ? (
        <span className="row media-confirm" role="group" aria-label={label}>
          <span>{t('media.confirmDelete')}</span>
          <button
            type="button"
            className="danger small"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate({ id }, { onSuccess: onDeleted, onSettled: () => setConfirm(false) })
            }
          >
            {t('common.delete')}
          </button>
          <button type="button" ref={cancel} className="ghost small" onClick={() => setConfirm(false)}>
            {t('common.cancel')}
          </button>
        </span>
      ) : (
        <button
          type="button"
          ref={trigger}
          className="ghost small danger"
          aria-label={label}
          title={label}
          onClick={() => setConfirm(true)}
        >
          {t('media.deleteMark')}
        </button>
      )}
      {remove.error ? <ErrorNotice error={remove.error.error} /> : null}
    </>
  );
}
