import { SidePanel } from '../../app/SidePanel';
import type { ConversationSummary } from '../../../src-shared/chat/conversation';
import { EditableRow } from '../../app/EditableRow';
import { ErrorNotice } from '../../app/ErrorNotice';
import { call } from '../../bridge/api';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { modKey, t } from '../../i18n/i18n';
import { useChat } from './chat-store';

function Row({ c, active }: { c: ConversationSummary; active: boolean }) {
  const replying = useChat((s) => s.live[c.id] !== undefined);
  const rename = useRouteMutation('chat.conversations.rename', ['chat.conversations.list']);
  const remove = useRouteMutation('chat.conversations.delete', ['chat.conversations.list']);
  const open = useChat((s) => s.open);
  const forget = useChat((s) => s.forgetConversation);
  return (
    <>
      <EditableRow
        name={c.title}
        active={active}
        onOpen={() => void call('chat.conversations.get', { id: c.id }).then(open)}
        // Part of the button's name, so a screen reader hears which conversations are replying.
        detail={
          replying ? (
            <>
              {' '}
              <span className="conv-live">{t('chat.replying')}</span>
            </>
          ) : undefined
        }
        onRename={(title) => rename.mutateAsync({ id: c.id, title })}
        onDelete={() => remove.mutateAsync({ id: c.id }).then(() => forget(c.id))}
        labels={{
          rename: `${t('common.rename')} ${c.title}`,
          renameInput: t('chat.renameLabel'),
          delete: `${t('common.delete')} ${c.title}`,
          confirmDelete: t('common.confirmDelete', { name: c.title }),
        }}
      />
      {rename.error || remove.error ? (
        <li>
          <ErrorNotice error={(rename.error ?? remove.error)!.error} />
        </li>
      ) : null}
    </>
  );
}

export function ConversationList() {
  const list = useRoute('chat.conversations.list', {});
  const activeId = useChat((s) => s.conversationId);
  const newChat = useChat((s) => s.newChat);
  return (
    <SidePanel id="conversations" side="start" className="sidebar" label={t('chat.conversations')}>
      <button
        type="button"
        className="primary wide"
        onClick={newChat}
        title={t('keys.newChat', { mod: modKey() })}
      >
        + {t('chat.newChat')}
      </button>
      {list.data && list.data.length === 0 ? (
        <p className="muted small-note">{t('chat.noConversations')}</p>
      ) : null}
      <ul className="conv-list">
        {list.data?.map((c) => (
          <Row key={c.id} c={c} active={c.id === activeId} />
        ))}
      </ul>
    </SidePanel>
  );
}
