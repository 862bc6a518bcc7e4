import type { AppError } from '../../src-shared/result';
import { formatNumber, type MessageKey, t } from './i18n';

const fmt = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : String(v ?? ''));

/** The judge's over-limit error: which limit, and by how much, from the run's estimate. */
function tooLargeText(d: NonNullable<AppError['details']>): string {
  const pair = d.limit === 'pair';
  const params = { tokens: fmt(d.estimatedTokens), limit: fmt(d.limitTokens), over: fmt(d.overBy) };
  if (typeof d.overBy === 'number' && d.overBy > 0) {
    return pair
      ? t('errors.too_large_pair', {
          ...params,
          question: typeof d.question === 'string' ? ` (“${d.question}”)` : '',
        })
      : t('errors.too_large_total', params);
  }
  return t('errors.too_large_counted', {
    ...params,
    what: t(pair ? 'errors.too_large_what_pair' : 'errors.too_large_what_total'),
  });
}

/** Network failures say where, and whether the gateway was never reached or the reply was cut. */
function networkText(d: AppError['details'], status: number | undefined, say: Say): string {
  const host = typeof d?.host === 'string' ? d.host : '';
  if (d?.reason === 'dns' && host) return say('errors.network_dns', { host });
  if (d?.reason === 'tls') {
    const problem = ['untrusted', 'expired', 'name'].includes(String(d.tlsProblem))
      ? String(d.tlsProblem)
      : 'other';
    return t(`errors.network_tls_${problem as 'untrusted' | 'expired' | 'name' | 'other'}`, {
      host: host || t('errors.theGateway'),
    });
  }
  if (d?.reason === 'proxy')
    return t('errors.network_proxy', { proxy: typeof d.proxy === 'string' ? d.proxy : '' });
  if (d?.reason === 'refused' && host) return t('errors.network_refused', { host });
  if (d?.reason === 'unreachable') return t('errors.network_unreachable');
  if (d?.reason === 'cut' || status !== undefined) return t('errors.network_cut');
  // Errors saved before the reason was recorded: which of the two it was is unknown.
  return t('errors.network');
}

type Say = typeof t;

/** Texts that send the user to Settings, and their wording for when the user is there already. */
const IN_SETTINGS: Partial<Record<MessageKey, MessageKey>> = {
  'errors.unauthorized': 'errors.unauthorized_here',
  'errors.forbidden': 'errors.forbidden_here',
  'errors.network_dns': 'errors.network_dns_here',
  'errors.no_key': 'errors.no_key_here',
};

/** Where the error is shown: Settings itself words "check it in Settings" for that place. */
export interface ErrorPlace {
  inSettings?: boolean;
}

const megabytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/** The catalog's words for an error, with its next step; the gateway's own message is kept. */
export function errorText(
  error: AppError,
  place: ErrorPlace = {},
): { text: string; gatewaySaid?: string; requestId?: string } {
  const say: Say = (key, params) => t((place.inSettings && IN_SETTINGS[key]) || key, params);
  const gatewayMessage = error.details?.gatewayMessage;
  let text: string;
  if (error.code === 'rate_limited') {
    text =
      error.retryAfterMs !== undefined
        ? t('errors.rate_limited', { seconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) })
        : t('errors.rate_limited_nowait');
  } else if (error.code === 'not_found' && error.status === undefined) {
    // Not a gateway 404 (those carry the status) but main saying a record of the user's is gone:
    // its own words say which, and the catalog's "no such model or endpoint" would mislead.
    text = error.message;
  } else if (error.code === 'disk_full') {
    const folder = error.details?.folder;
    const needed = error.details?.neededBytes;
    text =
      typeof folder !== 'string'
        ? t('errors.disk_full')
        : typeof needed === 'number'
          ? t('errors.disk_full_needed', { folder, size: megabytes(Math.max(needed, 100 * 1024)) })
          : t('errors.disk_full_folder', { folder });
  } else if (error.code === 'too_large' && error.details?.limit) {
    text = tooLargeText(error.details);
  } else if (error.code === 'network') {
    text = networkText(error.details, error.status, say);
  } else if (error.code === 'bad_response' && error.details?.reason === 'internal_address') {
    text = t('errors.internal_address', { host: String(error.details.host ?? '') });
  } else if (error.code === 'bad_response' && typeof error.details?.redirect === 'string') {
    const key = `errors.redirect_${error.details.redirect}` as MessageKey;
    text = t(key, {
      host: String(error.details.host ?? ''),
      status: error.status ?? '',
      scheme: String(error.details.scheme ?? ''),
    });
    if (text === key) text = error.message;
  } else if (error.code === 'timeout' && typeof error.details?.deadlineSec === 'number') {
    text = t('errors.reply_deadline', { seconds: formatNumber(error.details.deadlineSec) });
  } else if (
    error.code === 'bad_response' &&
    typeof error.details?.limitBytes === 'number' &&
    error.details.streamLimit === 'event'
  ) {
    text = t('errors.stream_event_too_large', { size: megabytes(error.details.limitBytes) });
  } else if (
    error.code === 'bad_response' &&
    typeof error.details?.limitBytes === 'number' &&
    error.details.streamLimit === 'reply'
  ) {
    text = t('errors.stream_too_large', { size: megabytes(error.details.limitBytes) });
  } else if (error.code === 'bad_response' && typeof error.details?.limitChars === 'number') {
    text = t('errors.reply_too_long', { chars: formatNumber(error.details.limitChars) });
  } else if (error.code === 'bad_response' && typeof error.details?.limitDepth === 'number') {
    text = t('errors.reply_too_deep', { depth: formatNumber(error.details.limitDepth) });
  } else if (error.code === 'bad_response' && typeof error.details?.limitBytes === 'number') {
    text = t('errors.reply_too_large', { size: megabytes(error.details.limitBytes) });
  } else {
    // A 422 is a validation failure: the gateway's words say what to fix.
    const code = error.code === 'bad_request' && error.status === 422 ? 'unprocessable' : error.code;
    const key = `errors.${code}` as MessageKey;
    text = say(key, {
      gatewayMessage: gatewayMessage ?? error.message,
      status: error.status ?? '',
      message: error.message,
    });
    if (text === key) text = error.message;
  }
  const gatewaySaid =
    gatewayMessage && error.code !== 'bad_request' ? t('errors.gatewaySaid', { gatewayMessage }) : undefined;
  const id = error.details?.requestId;
  return {
    text,
    gatewaySaid,
    requestId: typeof id === 'string' ? t('errors.requestId', { requestId: id }) : undefined,
  };
}
