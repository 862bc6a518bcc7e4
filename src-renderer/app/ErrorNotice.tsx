import type { AppError } from '../../src-shared/result';
import { errorText } from '../i18n/error-text';
import { t } from '../i18n/i18n';

/** An error as help: what happened and what to do next, with the gateway's own words. */
export function ErrorNotice({ error, onDismiss }: { error: AppError; onDismiss?: () => void }) {
  const { text, gatewaySaid } = errorText(error);
  return (
    <div role="alert" className="notice notice-error">
      <div>
        <strong>{text}</strong>
        {error.status ? (
          <span className="muted"> {t('common.httpStatus', { status: error.status })}</span>
        ) : null}
        {gatewaySaid ? <div className="muted">{gatewaySaid}</div> : null}
      </div>
      {onDismiss ? (
        <button type="button" className="ghost" onClick={onDismiss} aria-label={t('common.dismissError')}>
          ×
        </button>
      ) : null}
    </div>
  );
}
