import { memo, useCallback, useState } from 'react';
import { SidePanel } from '../../app/SidePanel';
import type { ConversationSummary } from '../../../src-shared/chat/conversation';
import type { ExportFormat } from '../../../src-shared/chat/conversation-export';
import { EditableRow, type EditableRowProps } from '../../app/EditableRow';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ExportButtons } from '../../app/ExportButtons';
import { call } from '../../bridge/api';
import type { AppError } from '../../../src-shared/result';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { formatDateTime, formatWhen, modKey, t } from '../../i18n/i18n';
import { useChat } from './chat-store';
import { ConversationSearch } from './ConversationSearch';

const FORMATS = ['markdown', 'json'] as const satisfies readonly ExportFormat[];
const FORMAT_NAMES: Record<ExportFormat, string> = { markdown: 'Markdown', json: 'JSON' };

/**
 * Main writes the file (the save dialog, or browser mode's export folder) and the list says
 * where it went, like every other export; an error shows under the list.
 */
function ConversationExport(p: {
  ids?: string[];
  groupLabel: string;
  onWritten: (path: string) => void;
  onError: (error: AppError) => void;
}) {
  return (
    <ExportButtons
      formats={FORMATS}
      write={(format) => call('chat.conversations.export', { format, ids: p.ids })}
      label={(f) => FORMAT_NAMES[f]}
      groupLabel={p.groupLabel}
      className="conv-export-buttons"
      buttonClassName="ghost small"
      onWritten={p.onWritten}
      onError={p.onError}
    />
  );
}

/** Where the last export went, or why it failed. */
function useExportOutcome() {
  const [written, setWritten] = useState<string>();
  const [error, setError] = useState<AppError>();
  return {
    written,
    error,
    onWritten: (path: string) => {
      setError(undefined);
      setWritten(path);
    },
    onError: (e: AppError) => {
      setWritten(undefined);
      setError(e);
    },
  };
}

/**
 * The row's button, watching whether its conversation is the open one: opening a conversation
 * re-renders the buttons it leaves and opens, not the list, its search or its export buttons, nor
 * the rows around them (their rename, delete and pin hooks).
 */
function OpenButton({ id, ...row }: Omit<EditableRowProps, 'active'> & { id: string }) {
  const active = useChat((s) => s.conversationId === id);
  return <EditableRow {...row} active={active} />;
}

/** Memoized: a row renders again only for its own conversation's changes. */
const Row = memo(function Row({ c }: { c: ConversationSummary }) {
  const replying = useChat((s) => s.live[c.id] !== undefined);
  const rename = useRouteMutation('chat.conversations.rename', ['chat.conversations.list']);
  const remove = useRouteMutation('chat.conversations.delete', ['chat.conversations.list']);
  const pin = useRouteMutation('chat.conversations.pin', ['chat.conversations.list']);
  const exported = useExportOutcome();
  const [exporting, setExporting] = useState(false);
  const openById = useChat((s) => s.openById);
  const forget = useChat((s) => s.forgetConversation);
  const failure = rename.error ?? remove.error ?? pin.error;
  return (
    <>
      <OpenButton
        id={c.id}
        name={c.title}
        title={formatDateTime(c.updatedAt)}
        onOpen={() => void openById(c.id)}
        // Part of the button's name, so a screen reader hears which conversations are replying.
        detail={
          <>
            {c.pinned ? (
              <span className="conv-pin-mark" aria-label={t('chat.pinned')}>
                ★
              </span>
            ) : null}
            {replying ? (
              <>
                {' '}
                <span className="conv-live">{t('chat.replying')}</span>
              </>
            ) : null}
            {/* Seen, not heard in the name (the tooltip carries the full date), so the button is
                named by its title and "replying" alone. */}
            <span className="conv-when" aria-hidden="true">
              {formatWhen(c.updatedAt)}
            </span>
          </>
        }
        onRename={(title) => rename.mutateAsync({ id: c.id, title })}
        onDelete={() => remove.mutateAsync({ id: c.id }).then(() => forget(c.id))}
        actions={
          <>
            <button
              type="button"
              className="ghost small"
              aria-pressed={c.pinned}
              aria-label={`${t(c.pinned ? 'chat.unpin' : 'chat.pin')} ${c.title}`}
              title={t(c.pinned ? 'chat.unpin' : 'chat.pin')}
              onClick={() => pin.mutate({ id: c.id, pinned: !c.pinned })}
            >
              {c.pinned ? '★' : '☆'}
            </button>
            <button
              type="button"
              className="ghost small"
              aria-expanded={exporting}
              aria-label={`${t('chat.export')} ${c.title}`}
              title={t('chat.export')}
              onClick={() => setExporting((x) => !x)}
            >
              ⤓
            </button>
          </>
        }
        labels={{
          rename: `${t('common.rename')} ${c.title}`,
          renameInput: t('chat.renameLabel'),
          delete: `${t('common.delete')} ${c.title}`,
          confirmDelete: t('common.confirmDelete', { name: c.title }),
        }}
      />
      {exporting ? (
        <li className="conv-export">
          <span className="muted">{t('chat.exportAs')}</span>
          <ConversationExport
            ids={[c.id]}
            groupLabel={`${t('chat.exportAs')} ${c.title}`}
            onWritten={(path) => {
              exported.onWritten(path);
              setExporting(false);
            }}
            onError={exported.onError}
          />
        </li>
      ) : null}
      {exported.written ? (
        <li className="conv-exported small-note muted" role="status">
          {t('chat.exported', { path: exported.written })}
        </li>
      ) : null}
      {failure || exported.error ? (
        <li>
          <ErrorNotice error={failure ? failure.error : exported.error!} />
        </li>
      ) : null}
    </>
  );
});

export function ConversationList() {
  const list = useRoute('chat.conversations.list', {});
  const newChat = useChat((s) => s.newChat);
  const [searching, setSearching] = useState(false);
  const onQuery = useCallback((on: boolean) => setSearching(on), []);
  const exported = useExportOutcome();
  const count = list.data?.length ?? 0;
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
      {count > 0 ? <ConversationSearch onQuery={onQuery} /> : null}
      {list.data && count === 0 ? <p className="muted small-note">{t('chat.noConversations')}</p> : null}
      {searching ? null : (
        <ul className="conv-list">
          {list.data?.map((c) => (
            <Row key={c.id} c={c} />
          ))}
        </ul>
      )}
      {count > 1 && !searching ? (
        <div className="conv-export-all">
          <span className="muted">{t('chat.exportAll')}</span>
          <ConversationExport
            groupLabel={t('chat.exportAll')}
            onWritten={exported.onWritten}
            onError={exported.onError}
          />
          {exported.written ? (
            <span className="conv-exported small-note muted" role="status">
              {t('chat.exported', { path: exported.written })}
            </span>
          ) : null}
          {exported.error ? <ErrorNotice error={exported.error} /> : null}
        </div>
      ) : null}
    </SidePanel>
  );
}
