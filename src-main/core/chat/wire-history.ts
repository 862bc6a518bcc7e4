import type { ChatMessage } from '../gateway/chat-api';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { fillVariables, type PromptVariables } from '../../../src-shared/chat/prompt-variables';

/**
 * The history as the gateway is sent it. A failed or empty reply is left out: its error text or
 * its nothing is not something the model said. When the user then sent the same words again, the
 * two user turns would stand side by side, so the repeat is sent once. Only role and content go:
 * reasoning stays in the app (models that think are documented to reject it as context).
 */
export function wireHistory(
  system: string,
  messages: StoredMessage[],
  variables?: PromptVariables,
): ChatMessage[] {
  const turns: ChatMessage[] = [];
  for (const m of messages) {
    if (m.role === 'assistant' && (m.error || !m.content.trim())) continue;
    const previous = turns[turns.length - 1];
    if (m.role === 'user' && previous?.role === 'user' && previous.content === m.content) continue;
    turns.push({ role: m.role, content: m.content });
  }
  // Placeholders are filled in what the user wrote, never in a model's reply (which may quote
  // template syntax); the stored text keeps its placeholders.
  const filled = turns.map((t) =>
    t.role === 'user' ? { ...t, content: fillVariables(t.content, variables) } : t,
  );
  return [
    ...(system.trim() ? [{ role: 'system' as const, content: fillVariables(system, variables) }] : []),
    ...filled,
  ];
}
