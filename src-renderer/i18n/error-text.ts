import type { AppError } from '../../src-shared/result';
import { type MessageKey, t } from './i18n';

/** The catalog's words for an error, with its next step; the gateway's own message is kept. */
export function errorText(error: AppError): { text: string; gatewaySaid?: string } {
  const gatewayMessage = error.details?.gatewayMessage;
  let text: string;
  if (error.code === 'rate_limited') {
    text =
      error.retryAfterMs !== undefined
        ? t('errors.rate_limited', { seconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) })
        : t('errors.rate_limited_nowait');
  } else if (error.code === 'server_error' && error.status === undefined) {
    // Said in a body that came with HTTP 200: there is no failing status to name.
    text = t('errors.server_error_nostatus');
  } else if (error.code === 'not_found' && error.status === undefined) {
    // Not a gateway 404 (those carry the status) but main saying a record of the user's is gone:
    // its own words say which, and the catalog's "no such model or endpoint" would mislead.
    text = error.message;
  } else {
    const key = `errors.${error.code}` as MessageKey;
    text = t(key, {
      gatewayMessage: gatewayMessage ?? error.message,
      status: error.status ?? '',
      message: error.message,
    });
    if (text === key) text = error.message;
  }
  const gatewaySaid =
    gatewayMessage && error.code !== 'bad_request' ? t('errors.gatewaySaid', { gatewayMessage }) : undefined;
  return { text, gatewaySaid };
}
