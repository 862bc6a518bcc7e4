import { useEffect, useRef } from 'react';
import { t } from '../../i18n/i18n';
import { openLive, useChat } from './chat-store';
import { LiveReplyView } from './LiveReplyView';
import { MessageItem } from './MessageItem';

export function MessageList() {
  const messages = useChat((s) => s.messages);
  const live = useChat((s) => openLive(s) !== undefined);
  const liveText = useChat((s) => openLive(s)?.text.length ?? 0);
  const regenerate = useChat((s) => s.regenerate);
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  // Follow the stream only while the user is at the bottom; scrolling up to read stops following.
  useEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages, liveText]);

  if (messages.length === 0 && !live) {
    return (
      <div className="empty-state">
        <h2>{t('chat.emptyTitle')}</h2>
        <p className="muted">{t('chat.emptyHint')}</p>
      </div>
    );
  }
  const lastAssistant = messages.length - 1;
  return (
    <div
      className="message-list"
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
      role="log"
      aria-label={t('chat.messages')}
    >
      {messages.map((m, i) => (
        <MessageItem
          key={i}
          message={m}
          onRegenerate={
            !live && i === lastAssistant && m.role === 'assistant' ? () => void regenerate() : undefined
          }
          onRetry={
            !live && i === lastAssistant && m.role === 'assistant' ? () => void regenerate() : undefined
          }
        />
      ))}
      {live ? <LiveReplyView /> : null}
    </div>
  );
}
