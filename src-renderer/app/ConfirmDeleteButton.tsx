import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/i18n';

/**
 * A delete in two steps: the × asks first, in place, so one stray click loses nothing. Its
 * accessible name (`label`) names the thing, so each one in a list is distinct. Keyboard users
 * keep their place: focus moves to Cancel, and back to × when the question closes.
 */
export function ConfirmDeleteButton({
  label,
  question,
  onDelete,
  pending = false,
  glyph = '×',
  className = 'row',
}: {
  label: string;
  question: string;
  /** Resolves (or rejects) when the delete is over; the question closes either way. */
  onDelete: () => Promise<unknown>;
  pending?: boolean;
  glyph?: string;
  className?: string;
}) {
  const [confirm, setConfirm] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirm) cancel.current?.focus();
    else if (wasConfirming.current) trigger.current?.focus();
    wasConfirming.current = confirm;
  }, [confirm]);
  return confirm ? (
    <span className={className} role="group" aria-label={label}>
      <span>{question}</span>
      <button
        type="button"
        className="danger small"
        disabled={pending}
        onClick={() =>
          void onDelete()
            .finally(() => setConfirm(false))
            .catch(() => undefined)
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
      {glyph}
    </button>
  );
}
