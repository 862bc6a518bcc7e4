import type { AppError } from '../../src-shared/result';
import { type ErrorPlace, errorText } from '../i18n/error-text';
import { t } from '../i18n/i18n';

/** An error as help: what happened and what to do next, with the gateway's own words. */
export function ErrorNoticeBody({
  error,
  onDismiss,
  place,
}: {
  error: AppError;
  onDismiss?: () => void;
  place?: ErrorPlace;
}) {
  const { text, gatewaySaid, requestId } = errorText(error, place);
  // The status is said once: some catalog texts (HTTP 418…) already name it.
  const showStatus = error.status !== undefined && !text.includes(`HTTP ${error.status}`);
  return (
    <div role="alert" className="notice notice-error">
      <div>
        <strong>{text}</strong>
        {showStatus ? (
          <span className="muted"> {t('common.httpStatus', { status: error.status ?? '' })}</span>
        ) : null}
        {gatewaySaid ? <div className="muted">{gatewaySaid}</div> : null}
        {requestId ? <div className="muted small-note">{requestId}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          className="ghost"
          onClick={onDismiss}
          aria-label={t('common.dismissError')}
          title={t('common.dismissError')}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
