import { type ReactNode, useMemo, useState } from 'react';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import type { FormatCheck } from '../../../src-shared/chat/response-format';
import { formatNumber, t } from '../../i18n/i18n';
import { TokenHeat } from './lazy-chat-parts';
import './reply-formats.css';

/** What main found when it checked the reply against the JSON format asked for, under the reply. */
export function FormatCheckBlock({ check }: { check: FormatCheck }) {
  const ok = check.outcome === 'valid';
  const name = check.name ?? '';
  const schema = check.format === 'json_schema';
  const headline =
    check.outcome === 'valid'
      ? schema
        ? t('chat.check.valid', { name })
        : t('chat.check.validObject')
      : check.outcome === 'invalid'
        ? schema
          ? t('chat.check.invalid', { name })
          : t('chat.check.invalidObject')
        : check.outcome === 'not-json'
          ? t('chat.check.notJson', { detail: check.detail ?? '' })
          : t('chat.check.schemaError', { detail: check.detail ?? '' });
  return (
    <div className={`format-check${ok ? '' : ' bad'}`} role="note" aria-label={t('chat.check.label')}>
      <div>{headline}</div>
      {check.violations?.length ? (
        <ul>
          {check.violations.map((v, i) => (
            <li key={i}>
              <code>{v.path || t('chat.check.root')}</code> {v.message}
            </li>
          ))}
        </ul>
      ) : null}
      {check.more ? <div>{t('chat.check.more', { count: formatNumber(check.more) })}</div> : null}
    </div>
  );
}

type View = 'formatted' | 'raw' | 'probabilities';

/**
 * A finished reply's body with its other views: formatted JSON (when a JSON format was asked and
 * the reply parses), the reply as written (`children`), and its token probabilities when kept.
 * A reply with neither shows as written, with no toggle.
 */
export function ReplyView({
  message,
  live = false,
  children,
}: {
  message: StoredMessage;
  live?: boolean;
  children: ReactNode;
}) {
  const pretty = useMemo(() => {
    if (live || !message.formatCheck) return undefined;
    try {
      return JSON.stringify(JSON.parse(message.content), null, 2);
    } catch {
      return undefined;
    }
  }, [live, message.formatCheck, message.content]);
  const views: View[] = [
    ...(pretty !== undefined ? (['formatted', 'raw'] as const) : []),
    ...(!live && message.logprobs?.tokens.length ? (['probabilities'] as const) : []),
  ];
  // The user's choice; until then JSON shows formatted (also once a live reply is saved).
  const [chosen, setView] = useState<View | undefined>(undefined);
  const view = chosen ?? (pretty !== undefined ? 'formatted' : 'raw');
  if (views.length === 0) return <>{children}</>;
  if (!views.includes('raw')) views.unshift('raw');
  const names: Record<View, string> = {
    formatted: t('chat.json.formatted'),
    raw: t('chat.json.raw'),
    probabilities: t('chat.probs.show'),
  };
  return (
    <>
      <div className="reply-view-toggle" role="group" aria-label={t('chat.json.view')}>
        {views.map((v) => (
          <button
            key={v}
            type="button"
            className="ghost small"
            aria-pressed={view === v}
            onClick={() => setView(v)}
          >
            {names[v]}
          </button>
        ))}
      </div>
      {view === 'formatted' && pretty !== undefined ? (
        <pre className="json-reply">
          <code>{pretty}</code>
        </pre>
      ) : view === 'probabilities' && message.logprobs ? (
        <TokenHeat logprobs={message.logprobs} />
      ) : (
        children
      )}
    </>
  );
}
