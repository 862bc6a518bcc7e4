import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/i18n';
import { openLive, useChat } from './chat-store';
import { LiveReplyView } from './LiveReplyView';
import { MessageItem } from './MessageItem';

/** A conversation opens with its latest messages; earlier ones are added on request. */
export const SHOWN_AT_FIRST = 40;

export function MessageList() {
  const messages = useChat((s) => s.messages);
  const conversationId = useChat((s) => s.conversationId);
  const live = useChat((s) => openLive(s) !== undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const [shown, setShown] = useState(SHOWN_AT_FIRST);

  // Another conversation opens at its end, with its latest messages.
  useEffect(() => {
    setShown(SHOWN_AT_FIRST);
    pinned.current = true;
  }, [conversationId]);

  const hasContent = messages.length > 0 || live;
  // Follow the stream only while the user is at the bottom; scrolling up to read stops following.
  // Driven by size changes of the content, so a frame that adds text does not also force a layout.
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    const follow = () => {
      if (pinned.current) el.scrollTop = el.scrollHeight;
    };
    follow();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(follow);
    ro.observe(inner);
    return () => ro.disconnect();
  }, [hasContent]);

  if (messages.length === 0 && !live) {
    return (
      <div className="empty-state">
        <h2>{t('chat.emptyTitle')}</h2>
        <p className="muted">{t('chat.emptyHint')}</p>
      </div>
    );
  }
  const from = Math.max(0, messages.length - shown);
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
      <div ref={content}>
        {from > 0 ? (
          <button
            type="button"
            className="ghost show-earlier"
            onClick={() => {
              pinned.current = false;
              setShown((n) => n + SHOWN_AT_FIRST * 2);
            }}
          >
            {t('chat.showEarlier', { n: from })}
          </button>
        ) : null}
        {messages.slice(from).map((m, k) => {
          const i = from + k;
          return (
            <MessageItem key={i} message={m} position={i} idle={!live} last={i === messages.length - 1} />
          );
        })}
        {live ? <LiveReplyView /> : null}
      </div>
    </div>
  );
}
