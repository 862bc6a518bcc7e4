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
    for (const [streamId, { conversationId, text, reasoning }] of batch) {
      const reply = live[conversationId];
      if (reply?.streamId === streamId) {
        live[conversationId] = {
          ...reply,
          text: reply.text + text,
          chain: text ? appendLive(reply.chain, text) : reply.chain,
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

/** The text and reasoning not yet applied, removed from the queue (for a reply that ends now). */
export function takePending(streamId: string): { text: string; reasoning: string } {
  const entry = pending.get(streamId);
  pending.delete(streamId);
  return { text: entry?.text ?? '', reasoning: entry?.reasoning ?? '' };
}

export function dropPendingText(streamId: string): void {
  pending.delete(streamId);
}
