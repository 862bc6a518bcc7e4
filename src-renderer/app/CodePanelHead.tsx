import { t } from '../i18n/i18n';

/** The title row of a code dialog's panel, with its close button. */
export function CodePanelHead({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <div className="row view-code-head">
      <h3 className="grow">{title}</h3>
      <button
        type="button"
        className="ghost small"
        aria-label={t('common.close')}
        title={t('common.close')}
        onClick={onClose}
      >
        ×
      </button>
    </div>
  );
}
