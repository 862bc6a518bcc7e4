import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { REST_AFTER_MS } from './open-newest-first';

/**
 * A long reply mounted at the end of a conversation being opened shows its last blocks first
 * (docs/architecture.md, "The window"): those that fill about TAIL_VIEWS views' height from its
 * end (the message list's view, which the opened conversation shows, not the whole window, which
 * is taller by the bars and the composer), and a spacer of the others' estimated height above
 * them. The others are mounted once the spacer comes within NEAR_VIEWS of a view of being seen,
 * or the window has been idle a second after the open, so the click that opens lays out and
 * paints what is on screen, not a 2,000 px reply whose top is out of view. Everything else
 * (copying, versions) works on the message, never on these boxes.
 */
export const TAIL_VIEWS = 1.15;
/**
 * The spacer brings the rest in once this share of a view from being seen: less than what
 * TAIL_VIEWS mounts above the view, so an open does not bring it in at once; enough that a
 * scroll up meets mounted blocks, not the spacer.
 */
export const NEAR_VIEWS = 0.1;
/** Pixels beyond NEAR_VIEWS the blocks laid out at the open must reach above the view. */
export const CLEAR_PX = 8;

const LINE_PX = 22;
const CODE_LINE_PX = 20;
/** Characters of prose on a line of a reply at a usual width. */
const PER_ROW = 95;
/** A block's margins, and a code block's frame (its head, padding and margins). */
const BLOCK_GAP_PX = 14;
const CODE_FRAME_PX = 60;
const TABLE_ROW_PX = 37;
const FENCE = /^ {0,3}(```|~~~)/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-{2,}/;

/** A finished markdown block's height, roughly (app.css: 14 px text at 1.55, code at 13 px). */
export function blockHeightGuess(source: string): number {
  const lines = source.replace(/\n+$/, '').split('\n');
  if (FENCE.test(lines[0] ?? '')) {
    const closed = lines.length > 1 && FENCE.test(lines[lines.length - 1]);
    return CODE_FRAME_PX + Math.max(1, lines.length - (closed ? 2 : 1)) * CODE_LINE_PX;
  }
  if (lines.length > 1 && TABLE_DELIMITER.test(lines[1]))
    return BLOCK_GAP_PX * 2 + (lines.length - 1) * TABLE_ROW_PX;
  let rows = 0;
  for (const line of lines) rows += Math.max(1, Math.ceil(line.length / PER_ROW));
  return BLOCK_GAP_PX + (/^ {0,3}#{1,6}\s/.test(lines[0] ?? '') ? 12 : 0) + rows * LINE_PX;
}

/** The first of `blocks` to mount so that it and those after it (and the tail) fill `px`; 0 for all. */
export function firstShownBlock(blocks: readonly string[], tail: string, px: number): number {
  let filled = tail.trim() ? blockHeightGuess(tail) : 0;
  for (let i = blocks.length - 1; i > 0; i--) {
    filled += blockHeightGuess(blocks[i]);
    if (filled >= px) return i;
  }
  return 0;
}

/**
 * With `viewPx`, the height of the view the reply opens in (read when the reply mounts): the
 * first block index mounted, and the spacer standing in for those before it. Where the page
 * cannot tell when the spacer nears the view (no IntersectionObserver), everything is mounted at
 * once; so it is once the message shows another text (another version, a reply streaming in its
 * place) or streams.
 */
export function useTailFirst(
  blocks: readonly string[],
  tail: string,
  viewPx: number | undefined,
  streaming: boolean,
): { from: number; spacer: ReactNode } {
  const [first, setFirst] = useState(() =>
    viewPx && !streaming && typeof IntersectionObserver === 'function'
      ? firstShownBlock(blocks, tail, TAIL_VIEWS * viewPx)
      : 0,
  );
  // The splitter's array stays the same object while its text does (markdown-blocks.ts).
  const mountedWith = useRef(blocks);
  const from = first > 0 && !streaming && blocks === mountedWith.current ? Math.min(first, blocks.length) : 0;
  const spacerRef = useRef<HTMLDivElement>(null);
  // The guess of the mounted blocks' height may be over: laid out (in this commit, so the frame
  // lays the page out once), they must still reach NEAR_VIEWS of a view above it, or more are
  // mounted before the page is painted; else the spacer would be seen, or bring the rest in at once.
  useLayoutEffect(() => {
    const el = spacerRef.current;
    const list = el?.closest<HTMLElement>('[data-enhance-root]');
    if (from === 0 || !el || !list || list.clientHeight === 0) return;
    const short = shortAboveView(el, list);
    if (short > 0) setFirst(moreBlocks(blocks, from, short));
  }, [blocks, from]);
  useEffect(() => {
    const el = spacerRef.current;
    if (from === 0 || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setFirst(0), {
      root: el.closest('[data-enhance-root]'),
      rootMargin: `${NEAR_VIEWS * 100}% 0px`,
    });
    io.observe(el);
    // Or once the window has been idle a while after the open, as the conversation's older
    // messages are read (open-newest-first.ts): then the whole reply is there for the browser's
    // find and a screen reader, which read the page without scrolling the list.
    let idle: number | undefined;
    const later = setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(() => setFirst(0), { timeout: 2_000 });
      else setFirst(0);
    }, REST_AFTER_MS);
    return () => {
      io.disconnect();
      clearTimeout(later);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [from]);
  const height = useMemo(() => {
    let px = 0;
    for (let i = 0; i < from; i++) px += blockHeightGuess(blocks[i]);
    return px;
  }, [blocks, from]);
  return {
    from,
    spacer:
      from > 0 ? <div ref={spacerRef} className="md-spacer" style={{ height }} aria-hidden="true" /> : null,
  };
}

/**
 * How many pixels the spacer's end lacks of being NEAR_VIEWS of a view (and CLEAR_PX) above the
 * list's view when that is at the list's end, where the reply opens; 0 or less when it is clear.
 * Counted from the list's end, not the view as it is now: the list moves its view to the end
 * after this reply's commit when the last conversation was scrolled up (MessageList.tsx).
 */
export function shortAboveView(spacer: Element, list: HTMLElement): number {
  // The list's end is its scroll origin (app.css): scrollTop is 0 there and negative above it.
  const end = list.getBoundingClientRect().bottom - list.scrollTop;
  const above = end - spacer.getBoundingClientRect().bottom;
  return (1 + NEAR_VIEWS) * list.clientHeight + CLEAR_PX - above;
}

/** The first block to mount so that, by the guess, `px` more pixels of blocks than from `from` are. */
export function moreBlocks(blocks: readonly string[], from: number, px: number): number {
  let filled = 0;
  let i = from;
  while (i > 0 && filled < px) filled += blockHeightGuess(blocks[--i]);
  return i;
}
