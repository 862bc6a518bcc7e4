import type { AppError } from '../../src-main/core/result';
import { errorText } from '../i18n/error-text';

/** An error as help: what happened and what to do next, with the gateway's own words. */
export function ErrorNotice({ error, onDismiss }: { error: AppError; onDismiss?: () => void }) {
  const { text, gatewaySaid } = errorText(error);
  return (
    <div role="alert" className="notice notice-error">
      <div>
        <strong>{text}</strong>
        {error.status ? <span className="muted"> (HTTP {error.status})</span> : null}
        {gatewaySaid ? <div className="muted">{gatewaySaid}</div> : null}
      </div>
      {onDismiss ? (
        <button type="button" className="ghost" onClick={onDismiss} aria-label="Dismiss error">
          ×
        </button>
      ) : null}
    </div>
  );
}
