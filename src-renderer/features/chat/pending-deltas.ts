import { useChat } from './chat-store';

// Deltas of every stream are gathered here and applied once per animation frame, so fast
// streams cause one render per frame, not one per token (and not one per stream). Reasoning
// ("thinking") text is queued beside the answer's and applied in the same frame.
export type LiveKind = 'text' | 'reasoning';
interface Pending {
  conversationId: string;
  text: string;
  reasoning: string;
}
const pending = new Map<string, Pending>();
let frame: number | undefined;

function flush(): void {
  frame = undefined;
  if (pending.size === 0) return;
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
