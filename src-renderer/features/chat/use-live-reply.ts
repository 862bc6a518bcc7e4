import { useSharedClock } from '../../app/shared-clock';
import { openLive, useChat } from './chat-store';
import type { LiveText } from './live-text';

/** Silence shorter than this is ordinary pacing and is not counted out loud. */
const SILENCE_SHOWN_MS = 2000;

export interface LiveReplyState {
  text: string;
  /** The text as pieces, for the view to read only what is new (see live-text.ts). */
  chain: LiveText | undefined;
  reasoning: string;
  /** Whole seconds without a delta, once that is longer than ordinary pacing; else 0. */
  silentSeconds: number;
}

/**
 * The open conversation's reply being streamed, for the message that shows it (`live`), and
 * nothing for the others. Subscribes to the live text alone, so the history does not re-render
 * per frame. The selectors return the stored strings themselves: comparing them is then a
 * pointer check, never a walk over a 200,000-character reply.
 */
export function useLiveReply(live: boolean): LiveReplyState | undefined {
  // A continuation grows from the reply it continues, shown whole from the start.
  const before = useChat((s) => (live ? (openLive(s)?.continues?.content ?? '') : ''));
  const text = useChat((s) => (live ? (openLive(s)?.text ?? '') : ''));
  const chain = useChat((s) => (live ? openLive(s)?.chain : undefined));
  const reasoning = useChat((s) => (live ? (openLive(s)?.reasoning ?? '') : ''));
  const lastAt = useChat((s) => (live ? (openLive(s)?.lastAt ?? 0) : 0));
  // Ticks once a second while live only (one shared clock for every timer in the window).
  const now = useSharedClock(live);
  if (!live) return undefined;
  const silentMs = lastAt ? Math.max(0, now - lastAt) : 0;
  return {
    text: before + text,
    chain,
    reasoning,
    silentSeconds: silentMs < SILENCE_SHOWN_MS ? 0 : Math.floor(silentMs / 1000),
  };
}
