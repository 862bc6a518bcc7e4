import { useMemo } from 'react';
import type { LogEntry } from '../../../src-shared/log/log-entry';
import { ViewCode } from '../../app/ViewCode';
import { useRoute } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { logCode } from './log-view-code';

/**
 * "View code" for a logged call: the app's View code dialog, fed the call's method, address and
 * body. A body over the 4 KB an entry carries is asked of main, which keeps it whole up to 1 MB.
 */
export function LogViewCode({ entry }: { entry: LogEntry }) {
  const preview = entry.requestBody;
  const cutHere = preview !== undefined && new TextEncoder().encode(preview).length < entry.requestBytes;
  const full = useRoute('log.requestBody', { id: entry.id }, { enabled: cutHere, staleTime: Infinity });
  const bodyText = cutHere ? (full.data?.whole ? full.data.text : undefined) : preview;
  const ready = !cutHere || full.data !== undefined || full.isError;
  const code = useMemo(
    () => (cutHere && bodyText === undefined ? undefined : logCode(entry, bodyText)),
    [entry, bodyText, cutHere],
  );
  if (!ready) return null;
  if (!code) return <span className="muted small-note">{t('log.noCode')}</span>;
  return <ViewCode kind={code.kind} body={code.body} http={code.http} />;
}
