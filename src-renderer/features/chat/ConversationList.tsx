import { useState } from 'react';
import type { ConversationSummary } from '../../../src-main/core/chat/conversation';
import { call } from '../../bridge/api';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { useChat } from './chat-store';

function Row({ c, active }: { c: ConversationSummary; active: boolean }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [title, setTitle] = useState(c.title);
  const rename = useRouteMutation('chat.conversations.rename', ['chat.conversations.list']);
  const remove = useRouteMutation('chat.conversations.delete', ['chat.conversations.list']);
  const open = useChat((s) => s.open);
  const forget = useChat((s) => s.forgetConversation);

  if (mode === 'rename') {
    return (
      <li className="conv-row">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (title.trim()) rename.mutate({ id: c.id, title }, { onSuccess: () => setMode('view') });
          }}
        >
          <input
            aria-label={t('chat.renameLabel')}
            value={title}
            autoFocus
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setMode('view')}
          />
        </form>
      </li>
    );
  }
  if (mode === 'confirm') {
    return (
      <li className="conv-row confirm">
        <span>{t('common.confirmDelete', { name: c.title })}</span>
        <button
          type="button"
          className="danger small"
          onClick={() => remove.mutate({ id: c.id }, { onSuccess: () => forget(c.id) })}
        >
          {t('common.delete')}
        </button>
        <button type="button" className="ghost small" onClick={() => setMode('view')}>
          {t('common.cancel')}
        </button>
      </li>
    );
  }
  return (
    <li className={active ? 'conv-row active' : 'conv-row'}>
      <button
        type="button"
        className="conv-open"
        aria-current={active}
        onClick={() => void call('chat.conversations.get', { id: c.id }).then(open)}
      >
        {c.title}
      </button>
      <span className="conv-actions">
        <button
          type="button"
          className="ghost small"
          aria-label={`${t('common.rename')} ${c.title}`}
          onClick={() => setMode('rename')}
        >
          ✎
        </button>
        <button
          type="button"
          className="ghost small"
          aria-label={`${t('common.delete')} ${c.title}`}
          onClick={() => setMode('confirm')}
        >
          ×
        </button>
      </span>
    </li>
  );
}

export function ConversationList() {
  const list = useRoute('chat.conversations.list', {});
  const activeId = useChat((s) => s.conversationId);
  const newChat = useChat((s) => s.newChat);
  return (
    <aside className="sidebar" aria-label={t('chat.conversations')}>
      <button type="button" className="primary wide" onClick={newChat} title="Ctrl+N">
        + {t('chat.newChat')}
      </button>
      <h3 className="sidebar-title">{t('chat.conversations')}</h3>
      {list.data && list.data.length === 0 ? (
        <p className="muted small-note">{t('chat.noConversations')}</p>
      ) : null}
      <ul className="conv-list">
        {list.data?.map((c) => (
          <Row key={c.id} c={c} active={c.id === activeId} />
        ))}
      </ul>
    </aside>
  );
}
