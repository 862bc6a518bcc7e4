import { ConfirmDeleteButton } from '../../app/ConfirmDeleteButton';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** Deletes one history entry in two steps, like "Clear history". */
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
  return (
    <>
      <ConfirmDeleteButton
        label={t('media.deleteEntryNamed', { name: short(name) })}
        question={t('media.confirmDelete')}
        glyph={t('media.deleteMark')}
        className="row media-confirm"
        pending={remove.isPending}
        onDelete={() => remove.mutateAsync({ id }).then(() => onDeleted?.())}
      />
      {remove.error ? <ErrorNotice error={remove.error.error} /> : null}
    </>
  );
}
