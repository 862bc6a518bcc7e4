import { useChat } from './chat-store';
import { appendLive } from './live-text';

// Deltas of every stream are gathered here and applied together, so fast streams cause one
// render per update, not one per token (and not one per stream). Reasoning ("thinking") text is
// queued beside the answer's and applied in the same update. Updates come at most every
// UPDATE_MS, at a frame: a reply arriving faster than anyone reads is shown about 30 times a
// second, which halves the window's work per second of a fast stream against every frame
// (measured by `npm run bench`, docs/architecture.md "The window").
const UPDATE_MS = 30;
export type LiveKind = 'text' | 'reasoning';
interface Pending {
  conversationId: string;
  text: string;
  reasoning: string;
  /** The answer shown so far was thinking: it is cleared before `text` is added. */
  retract?: boolean;
}
const pending = new Map<string, Pending>();
let frame: number | undefined;
let lastUpdate = -Infinity;

function flush(time: number): void {
  frame = undefined;
  if (pending.size === 0) return;
  // (A frame time before the last update is another clock, as in tests: not a reason to wait.)
  if (time >= lastUpdate && time - lastUpdate < UPDATE_MS) {
    frame = requestAnimationFrame(flush);
    return;
  }
  lastUpdate = time;
  const batch = [...pending];
  pending.clear();
  const now = Date.now();
  useChat.setState((s) => {
    const live = { ...s.live };
    for (const [streamId, { conversationId, text, reasoning, retract }] of batch) {
      const reply = live[conversationId];
      if (reply?.streamId === streamId) {
        const shown = retract ? { text: '', chain: undefined } : reply;
        live[conversationId] = {
          ...reply,
          text: shown.text + text,
          chain: text ? appendLive(shown.chain, text) : shown.chain,
          reasoning: reply.reasoning + reasoning,
          lastAt: now,
        };
      }
    }
    return { live };
  });
}

export function queueDelta(
  streamId: string,
  conversationId: string,
  text: string,
  kind: LiveKind = 'text',
): void {
  let entry = pending.get(streamId);
  if (!entry) {
    entry = { conversationId, text: '', reasoning: '' };
    pending.set(streamId, entry);
  }
  entry[kind] += text;
  frame ??= requestAnimationFrame(flush);
}

/** Main said the answer shown so far was thinking (a `retract` event): it is cleared at the next update. */
export function queueRetract(streamId: string, conversationId: string): void {
  pending.set(streamId, {
    conversationId,
    text: '',
    reasoning: pending.get(streamId)?.reasoning ?? '',
    retract: true,
  });
  frame ??= requestAnimationFrame(flush);
}

/** The text and reasoning not yet applied, removed from the queue (for a reply that ends now). */
export function takePending(streamId: string): { text: string; reasoning: string; retract?: boolean } {
  const entry = pending.get(streamId);
  pending.delete(streamId);
  return { text: entry?.text ?? '', reasoning: entry?.reasoning ?? '', retract: entry?.retract };
}

export function dropPendingText(streamId: string): void {
  pending.delete(streamId);
}
