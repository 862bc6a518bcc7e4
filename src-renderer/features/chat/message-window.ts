import type { StoredMessage } from '../../../src-shared/chat/conversation';

/**
 * Which messages of the open conversation are in the page (docs/architecture.md, "The window"):
 * those within `overscan` pixels of the view; every other one is a gap of its height, measured
 * when it was last in the page or else estimated. Pure, so the list's windowing is tested
 * without a layout engine.
 */

/** Where the view is, in the list's own pixels. */
export interface View {
  scrollTop: number;
  viewHeight: number;
  /** Pixels kept in the page beyond each edge of the view. */
  overscan: number;
  /** The view sits at the end (a conversation opens there, and a stream is followed there). */
  atEnd: boolean;
}

/** Messages [from, to) are the ones within reach of the view. */
export interface Range {
  from: number;
  to: number;
}

/** The list as it is put in the page: messages, and gaps standing in for runs of others. */
export type Run =
  { kind: 'message'; index: number } | { kind: 'gap'; from: number; to: number; height: number };

/** The messages within `view.overscan` of the view; at least one when there are any. */
export function visibleRange(heights: readonly number[], view: View): Range {
  const n = heights.length;
  if (n === 0) return { from: 0, to: 0 };
  let total = 0;
  for (const h of heights) total += h;
  const scrollTop = view.atEnd ? Math.max(0, total - view.viewHeight) : Math.max(0, view.scrollTop);
  const top = scrollTop - view.overscan;
  const bottom = scrollTop + view.viewHeight + view.overscan;
  let from = -1;
  let to = n;
  let at = 0;
  for (let i = 0; i < n; i++) {
    const end = at + heights[i];
    if (from === -1 && end > top) from = i;
    if (at >= bottom) {
      to = i;
      break;
    }
    at = end;
  }
  // Scrolled past the end (the content shrank under the view): the last message.
  if (from === -1) from = n - 1;
  return { from, to: Math.max(to, from + 1) };
}

/** The messages from `index` on that fill `height` pixels: where a jump to `index` lands. */
export function rangeFrom(heights: readonly number[], index: number, height: number): Range {
  const from = Math.max(0, Math.min(index, heights.length - 1));
  let to = from;
  let filled = 0;
  while (to < heights.length && (to === from || filled < height)) filled += heights[to++];
  return { from, to };
}

/** A reply is never in the page without the question it answers just above it. */
export function withQuestion(range: Range, roles: (i: number) => StoredMessage['role'] | undefined): Range {
  const { from } = range;
  return from > 0 && roles(from) === 'assistant' && roles(from - 1) === 'user'
    ? { ...range, from: from - 1 }
    : range;
}

/**
 * The page's runs: the range's messages, any `keep` outside it (the message holding focus stays,
 * so a half-typed edit or the focused button is not taken away), and gaps for the rest.
 */
export function layoutRuns(heights: readonly number[], range: Range, keep: readonly number[] = []): Run[] {
  const shown = new Set<number>();
  for (let i = range.from; i < range.to; i++) shown.add(i);
  for (const k of keep) if (k >= 0 && k < heights.length) shown.add(k);
  const indexes = [...shown].sort((a, b) => a - b);
  const runs: Run[] = [];
  let next = 0;
  const gapTo = (to: number) => {
    if (to <= next) return;
    let height = 0;
    for (let i = next; i < to; i++) height += heights[i];
    runs.push({ kind: 'gap', from: next, to, height });
  };
  for (const index of indexes) {
    gapTo(index);
    runs.push({ kind: 'message', index });
    next = index + 1;
  }
  gapTo(heights.length);
  return runs;
}

/** The top of message `index`, from the list's top. */
export function offsetOf(heights: readonly number[], index: number): number {
  let at = 0;
  for (let i = 0; i < index && i < heights.length; i++) at += heights[i];
  return at;
}

/** Line height and average character width of message text, in pixels (styles/app.css). */
const LINE_PX = 22;
const CHAR_PX = 7.5;
/** The message's frame: head (who, buttons), padding, border and the gap to the next. */
const FRAME_PX = 62;
/** Past this many characters a message's lines are not counted: its length says enough. */
const COUNTED_CHARS = 100_000;

/**
 * A message's height before it has been in the page, from its lines at the list's width: rough
 * (a table or a heading is not a line of prose), good enough to size a gap and pick what to
 * mount; the real height replaces it once the message is laid out.
 */
export function estimateHeight(message: StoredMessage, width: number): number {
  const perRow = Math.max(20, Math.floor((Math.min(width, 860) - 40) / CHAR_PX));
  const text = message.content;
  let rows = 0;
  if (text.length > COUNTED_CHARS) rows = text.length / perRow;
  else {
    let start = 0;
    while (start <= text.length) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      const length = end - start;
      // A blank line is a paragraph's margin, about half a line.
      rows += length === 0 ? 0.5 : Math.ceil(length / perRow);
      start = end + 1;
    }
  }
  const extras =
    (message.reasoning ? 40 : 0) +
    (message.stats ? 24 : 0) +
    (message.refusal ? 60 : 0) +
    (message.toolCalls?.length ?? 0) * 80 +
    (message.error ? 80 : 0);
  return Math.round(FRAME_PX + rows * LINE_PX + extras);
}
