import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useRoute } from '../../hooks/use-route';
import { formatWhen, modKey, t } from '../../i18n/i18n';
import { useChat } from './chat-store';

/** Waits this long after the last key before searching. */
const SEARCH_DELAY_MS = 200;

/** "the [word] in context" with the found words marked. */
function Snippet({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  const re = /\[([^\]]*)\]/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    parts.push(text.slice(last, m.index), <mark key={m.index}>{m[1]}</mark>);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <span className="conv-snippet">{parts}</span>;
}

/**
 * The search box over the conversation list (mod+K), and while it holds words, what they find:
 * titles first, then message text through the database's full-text index.
 */
export function ConversationSearch({ onQuery }: { onQuery: (searching: boolean) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const openById = useChat((s) => s.openById);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => onQuery(query !== ''), [query, onQuery]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        box.current?.focus();
        box.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const hits = useRoute('chat.conversations.search', { query }, { enabled: query !== '' });
  return (
    <div className="conv-search">
      <input
        ref={box}
        type="search"
        value={text}
        aria-label={t('chat.search')}
        placeholder={t('chat.searchPlaceholder', { keys: `${modKey()}+K` })}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) {
            e.stopPropagation();
            setText('');
          }
        }}
      />
      {query !== '' ? (
        <div role="region" aria-label={t('chat.searchResults')} aria-live="polite">
          {hits.error ? <ErrorNotice error={hits.error.error} /> : null}
          {hits.data?.length === 0 ? (
            <p className="muted small-note">{t('chat.searchNone', { query })}</p>
          ) : null}
          <ul className="conv-list">
            {hits.data?.map((h) => (
              <li key={h.conversationId} className="conv-row conv-hit">
                <button type="button" className="conv-open" onClick={() => void openById(h.conversationId)}>
                  <span className="conv-name">{h.title}</span>
                  <span className="conv-when">{formatWhen(h.updatedAt)}</span>
                  {h.snippet ? <Snippet text={h.snippet} /> : null}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
