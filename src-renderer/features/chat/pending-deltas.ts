import { useChat } from './chat-store';

// Deltas of every stream are gathered here and applied once per animation frame, so fast
// streams cause one render per frame, not one per token (and not one per stream).
const pending = new Map<string, { conversationId: string; text: string }>();
let frame: number | undefined;

function flush(): void {
  frame = undefined;
  if (pending.size === 0) return;
  const batch = [...pending];
  pending.clear();
  useChat.setState((s) => {
    const live = { ...s.live };
    for (const [streamId, { conversationId, text }] of batch) {
      const reply = live[conversationId];
      if (reply?.streamId === streamId) live[conversationId] = { ...reply, text: reply.text + text };
    }
    return { live };
  });
}

export function queueDelta(streamId: string, conversationId: string, text: string): void {
  const entry = pending.get(streamId);
  if (entry) entry.text += text;
  else pending.set(streamId, { conversationId, text });
  frame ??= requestAnimationFrame(flush);
}

/** The text not yet applied, removed from the queue (for a reply that ends now). */
export function takePendingText(streamId: string): string {
  const text = pending.get(streamId)?.text ?? '';
  pending.delete(streamId);
  return text;
}

export function dropPendingText(streamId: string): void {
  pending.delete(streamId);
}
