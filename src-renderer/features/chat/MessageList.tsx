import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { t } from '../../i18n/i18n';
import { openLive, useChat } from './chat-store';
import { MessageItem } from './MessageItem';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import {
  estimateHeight,
  layoutRuns,
  rangeFrom,
  type Run,
  visibleRange,
  withQuestion,
} from './message-window';

const LIVE_PLACEHOLDER: StoredMessage = { role: 'assistant', content: '' };
/** The view's size until the list has been measured (and in tests, where nothing is laid out). */
const UNMEASURED_VIEW = { height: 700, width: 760 };
/** Pixels kept in the page beyond each edge of the view, at least; half a view on a tall one. */
const MIN_OVERSCAN = 300;
/** Within this of the end, the user is at the end: the stream is followed. */
const AT_END_PX = 40;
/** A partial copy mounting one of its first this many messages has its older ones read. */
const NEAR_START = 6;

/**
 * Heights of the open conversation's messages: measured (by position, while the message there
 * is the same text) once laid out, else estimated from the text.
 */
class Heights {
  private measured = new Map<number, { of: string; role: string; height: number }>();
  private estimated = new WeakMap<StoredMessage, number>();

  of(m: StoredMessage, position: number, width: number): number {
    const known = this.measured.get(position);
    if (known && known.of === m.content && known.role === m.role) return known.height;
    let guess = this.estimated.get(m);
    if (guess === undefined) {
      guess = estimateHeight(m, width);
      this.estimated.set(m, guess);
    }
    return guess;
  }

  /** Records a laid-out height; true when it differs from what was known. */
  measure(m: StoredMessage, position: number, height: number): boolean {
    const known = this.measured.get(position);
    if (known && known.of === m.content && known.role === m.role && known.height === height) return false;
    this.measured.set(position, { of: m.content, role: m.role, height });
    return true;
  }

  clear(): void {
    this.measured.clear();
  }
}

const positionOf = (node: Node | null): number | null => {
  const el = node instanceof Element ? node : node?.parentElement;
  const article = el?.closest('[data-position]');
  return article ? Number(article.getAttribute('data-position')) : null;
};

/** What the page holds, as one string: the list re-renders only when it would change. */
const signature = (runs: Run[]) =>
  runs.map((r) => (r.kind === 'message' ? r.index : `-${Math.round(r.height)}`)).join(',');

/**
 * The open conversation, windowed (docs/architecture.md, "The window"): only the messages near
 * the view are in the page, gaps of their measured or estimated height stand in for the rest, so
 * opening a 200-message conversation lays out what is on screen. It opens at its end and
 * follows a stream while the user is there. "Show earlier" (for the keyboard and screen
 * readers; scrolling does the same) brings the previous message into view.
 */
export function MessageList() {
  const messages = useChat((s) => s.messages);
  const conversationId = useChat((s) => s.conversationId);
  const live = useChat((s) => openLive(s) !== undefined);
  // While only the newest messages are here, each is keyed and measured at its real position, so
  // when the older ones arrive the rendered ones are kept, not built again (open-newest-first.ts).
  const base = useChat((s) => (s.partial === s.conversationId ? s.missing : 0));
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  /** Where the view is, from the list's top (for the window) and from its end, as last scrolled. */
  const scrollTop = useRef(0);
  const fromEnd = useRef(0);
  const view = useRef(UNMEASURED_VIEW);
  const heights = useRef<Heights>(null);
  heights.current ??= new Heights();
  /** A message asked for (Show earlier): the window starts there until the view has moved to it. */
  const jump = useRef<number | null>(null);
  /** The message holding focus: kept in the page while it does. */
  const focused = useRef<number | null>(null);
  /** Messages holding selected text, from where it starts to where it ends: kept while selected. */
  const selected = useRef<number[]>([]);
  const opened = useRef(conversationId);
  /** The `base` the indices held in refs (jump, focused, selected) are counted from. */
  const shifted = useRef(base);
  const shown = useRef('');
  const [, setVersion] = useState(0);

  /** Set by the render that shows another conversation; its commit puts the end in view. */
  const toEnd = useRef(false);
  if (opened.current !== conversationId) {
    // Another conversation opens at its end, its own heights measured anew.
    opened.current = conversationId;
    toEnd.current = true;
    pinned.current = true;
    jump.current = null;
    focused.current = null;
    selected.current = [];
    heights.current.clear();
  } else if (shifted.current !== base) {
    // The older messages joined the partial copy: what was asked for, focused or selected by
    // its index there is the same message further down now.
    const by = shifted.current - base;
    if (jump.current !== null) jump.current += by;
    if (focused.current !== null) focused.current += by;
    selected.current = selected.current.map((i) => i + by);
  }
  shifted.current = base;

  const layout = () => {
    const { width, height } = view.current;
    const all = messages.map((m, i) => heights.current!.of(m, base + i, width));
    const overscan = Math.max(MIN_OVERSCAN, height / 2);
    const range = withQuestion(
      jump.current !== null
        ? rangeFrom(all, jump.current, height + overscan)
        : visibleRange(all, {
            scrollTop: scrollTop.current,
            viewHeight: height,
            overscan,
            atEnd: pinned.current,
          }),
      (i) => messages[i]?.role,
    );
    const keep = focused.current === null ? selected.current : [...selected.current, focused.current];
    return layoutRuns(all, range, keep);
  };
  const latest = useRef({ layout, messages, base });
  latest.current = { layout, messages, base };
  /** Re-renders when what the page should hold has changed (a scroll, a new height). */
  const refresh = () => {
    if (signature(latest.current.layout()) !== shown.current) setVersion((v) => v + 1);
  };
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  const hasContent = messages.length > 0 || live;
  // Sizes are watched, never read per frame: the view's (what fits), each message's (its real
  // height for the gaps) and the content's (to follow the stream while near the end).
  const observer = useRef<ResizeObserver | null>(null);
  const watched = useRef(new WeakMap<Element, StoredMessage | undefined>());
  const gapPx = useRef<number | null>(null);
  const watchMessages = () => {
    const ro = observer.current;
    const inner = content.current;
    if (!ro || !inner) return;
    const { messages: now } = latest.current;
    for (const el of inner.querySelectorAll(':scope > article[data-position]')) {
      const m = now[Number(el.getAttribute('data-position'))];
      // Watched again when its message changed (the live reply saved, another version shown),
      // so the new height is reported even if the box kept its size.
      if (watched.current.has(el) && watched.current.get(el) === m) continue;
      watched.current.set(el, m);
      ro.unobserve(el);
      ro.observe(el);
    }
  };
  useLayoutEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    // The list's end is its scroll origin (app.css, .message-list): a view at the end stays there
    // as the content grows, so only a view near it, not at it, is moved.
    const follow = () => {
      if (pinned.current && fromEnd.current !== 0) el.scrollTop = 0;
    };
    follow();
    const contentSize = new ResizeObserver(follow);
    contentSize.observe(inner);
    const viewSize = new ResizeObserver(() => {
      if (el.clientHeight > 0) view.current = { height: el.clientHeight, width: el.clientWidth };
      refreshRef.current();
    });
    viewSize.observe(el);
    const sizes = new ResizeObserver((entries) => {
      const { messages: now } = latest.current;
      let changed = false;
      for (const entry of entries) {
        const article = entry.target as HTMLElement;
        if (!article.isConnected) {
          sizes.unobserve(article);
          continue;
        }
        const position = Number(article.dataset.position);
        const m = now[position];
        if (!m || article.classList.contains('live')) continue;
        gapPx.current ??= parseFloat(getComputedStyle(article).marginBottom) || 0;
        const box = entry.borderBoxSize?.[0]?.blockSize ?? article.offsetHeight;
        changed = heights.current!.measure(m, latest.current.base + position, box + gapPx.current) || changed;
      }
      if (changed) refreshRef.current();
    });
    observer.current = sizes;
    watchMessages();
    return () => {
      contentSize.disconnect();
      viewSize.disconnect();
      sizes.disconnect();
      observer.current = null;
      watched.current = new WeakMap();
      // The next list box starts at its scroll origin, the end.
      fromEnd.current = 0;
    };
  }, [hasContent]);

  const firstShown = useRef(0);
  // After each render: another conversation is shown at its end; new messages in the page are
  // measured; a jump is scrolled to; near the start of a partial copy, its older messages are
  // asked for (open-newest-first.ts).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (toEnd.current) {
      // The list's end is its scroll origin (app.css, .message-list): a view left at the end of
      // the last conversation is at the end of this one without scrolling — no scroll event, no
      // hover recomputed after it, no layout forced here (docs/architecture.md, "The window").
      // A view scrolled up is brought down here, in the commit that shows the conversation,
      // rather than when its size is next observed, which would cost one more frame.
      toEnd.current = false;
      if (el && pinned.current && fromEnd.current !== 0) el.scrollTop = 0;
    }
    watchMessages();
    if (base > 0 && firstShown.current < NEAR_START && conversationId)
      void useChat.getState().loadRest(conversationId);
    if (jump.current === null) return;
    const target = content.current?.querySelector(`:scope > article[data-position="${jump.current}"]`);
    // jsdom has no scrolling: there the window simply stays where the jump put it.
    target?.scrollIntoView?.({ block: 'start' });
  });

  if (messages.length === 0 && !live) {
    return (
      <div className="empty-state">
        <h2>{t('chat.emptyTitle')}</h2>
        <p className="muted">{t('chat.emptyHint')}</p>
      </div>
    );
  }
  const runs = layout();
  shown.current = signature(runs);
  const first = runs.find((r) => r.kind === 'message')?.index ?? messages.length;
  firstShown.current = first;
  const nodes: ReactNode[] = [];
  for (const run of runs) {
    if (run.kind === 'gap') {
      nodes.push(
        <div
          key={`gap-${run.from}`}
          className="message-gap"
          style={{ height: run.height }}
          aria-hidden="true"
        />,
      );
      continue;
    }
    const i = run.index;
    if (i === first && first > 0)
      nodes.push(
        <button
          key="earlier"
          type="button"
          className="ghost show-earlier"
          onClick={() => {
            pinned.current = false;
            jump.current = first - 1;
            setVersion((v) => v + 1);
          }}
        >
          {t('chat.showEarlier', { n: base + first })}
        </button>,
      );
    nodes.push(
      <MessageItem
        key={base + i}
        message={messages[i]}
        position={i}
        idle={!live}
        last={i === messages.length - 1}
        openedAtEnd={
          toEnd.current && pinned.current && i === messages.length - 1 ? view.current.height : undefined
        }
      />,
    );
  }
  if (live)
    // In the same list, keyed by the position its saved message will take: on saving, the
    // rendered reply is kept, not built again (a 200,000-character reply took a second).
    nodes.push(
      <MessageItem
        key={messages.length}
        message={LIVE_PLACEHOLDER}
        position={messages.length}
        idle={false}
        last
        live
      />,
    );
  return (
    <div
      className="message-list"
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        // Counted from the end, the scroll origin: 0 there, negative above it (app.css).
        fromEnd.current = -el.scrollTop;
        pinned.current = fromEnd.current < AT_END_PX;
        scrollTop.current = el.scrollHeight - el.clientHeight - fromEnd.current;
        // The view has moved (to the message asked for, or by the user): it decides again.
        jump.current = null;
        // Read here, not while rendering: asking for the selection can make the browser lay out.
        const selection = document.getSelection();
        const a = selection && !selection.isCollapsed ? positionOf(selection.anchorNode) : null;
        const b = a === null ? null : positionOf(selection!.focusNode);
        selected.current = [];
        if (a !== null && b !== null && content.current?.contains(selection!.anchorNode))
          for (let i = Math.min(a, b); i <= Math.max(a, b); i++) selected.current.push(i);
        refresh();
      }}
      role="log"
      aria-label={t('chat.messages')}
      // Code and math in replies are done as they come near this box's view (reply-enhance.ts).
      data-enhance-root=""
    >
      <div
        ref={content}
        onFocus={(e) => (focused.current = positionOf(e.target))}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) focused.current = null;
        }}
      >
        {nodes}
      </div>
    </div>
  );
}
