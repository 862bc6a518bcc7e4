import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { t } from '../../i18n/i18n';
import { openLive, useChat } from './chat-store';
import { MessageItem } from './MessageItem';
import type { StoredMessage } from '../../../src-shared/chat/conversation';

/**
 * A conversation opens with its latest messages, about a screen and more: opening a long one
 * costs what is near the view (docs/architecture.md, "The window"). Earlier ones are added in
 * steps as the user scrolls up to them, or asks.
 */
export const SHOWN_AT_FIRST = 4;
const LIVE_PLACEHOLDER: StoredMessage = { role: 'assistant', content: '' };
const SHOWN_MORE = 20;

export function MessageList() {
  const messages = useChat((s) => s.messages);
  const conversationId = useChat((s) => s.conversationId);
  const live = useChat((s) => openLive(s) !== undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const [shown, setShown] = useState(SHOWN_AT_FIRST);
  const earlier = useRef<HTMLButtonElement>(null);
  /** Distance from the content's end to the view's top, kept while earlier messages come in. */
  const fromBottom = useRef<number | null>(null);
  const showMore = () => {
    const el = scroller.current;
    pinned.current = false;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    setShown((n) => n + SHOWN_MORE);
  };
  // The message being read stays where it was as earlier ones are added above it. (The
  // browser's scroll anchoring does not act at the very top, so this is done by hand.)
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && fromBottom.current !== null) el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [shown]);

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

  // Scrolled up to the top of what is shown: the next earlier messages come in by themselves.
  const hasEarlier = messages.length > shown;
  useEffect(() => {
    const el = earlier.current;
    if (!el || !hasEarlier || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((seen) => {
      if (seen.some((e) => e.isIntersecting) && !pinned.current) showMore();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasEarlier, shown]);

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
          <button type="button" className="ghost show-earlier" ref={earlier} onClick={showMore}>
            {t('chat.showEarlier', { n: from })}
          </button>
        ) : null}
        {[
          ...messages.slice(from).map((m, k) => {
            const i = from + k;
            return (
              <MessageItem key={i} message={m} position={i} idle={!live} last={i === messages.length - 1} />
            );
          }),
          // In the same list, keyed by the position its saved message will take: on saving, the
          // rendered reply is kept, not built again (a 200,000-character reply took a second).
          live ? (
            <MessageItem
              key={messages.length}
              message={LIVE_PLACEHOLDER}
              position={messages.length}
              idle={false}
              last
              live
            />
          ) : null,
        ]}
      </div>
    </div>
  );
}
