import type { LogEntry } from '../../../src-shared/log/log-entry';
import { t } from '../../i18n/i18n';

/**
 * What the list shows in an entry's status column: a stopped or cut call says so rather than
 * the 200 its headers carried, so a half reply never passes for a whole one.
 */
export function statusLabel(e: LogEntry): string {
  switch (e.state) {
    case 'pending':
      return t('log.pending');
    case 'stopped':
      return t('log.stopped');
    case 'cut':
      return t('log.cut');
    default:
      return e.status !== undefined ? String(e.status) : t('log.failed');
  }
}

/** The class of the status column, for its colour. */
export function statusClass(e: LogEntry): string {
  if (e.state === 'stopped' || e.state === 'cut') return `log-status ${e.state}`;
  return e.status !== undefined && e.status >= 400 ? 'log-status bad' : 'log-status';
}
