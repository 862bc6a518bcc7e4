import type { ChatMessage } from '../gateway/chat-api';
import type { StoredMessage } from '../../../src-shared/chat/conversation';
import { toolCallIdOf } from '../../../src-shared/chat/chat-tools';
import { fillVariables, type PromptVariables } from '../../../src-shared/chat/prompt-variables';

/** The ids of the `tool` results that follow position `at`, up to the next other message. */
function answeredAfter(messages: StoredMessage[], at: number): Set<string> {
  const ids = new Set<string>();
  for (let i = at + 1; i < messages.length && messages[i].role === 'tool'; i++) {
    const id = messages[i].toolCallId;
    if (id) ids.add(id);
  }
  return ids;
}

/** One stored message as a turn of the history, or nothing when it is not sent. */
function turnOf(
  messages: StoredMessage[],
  at: number,
  previous: ChatMessage | undefined,
): ChatMessage | undefined {
  const m = messages[at];
  if (m.role === 'tool') {
    // A result is sent only right after the call it answers: the API refuses a `tool` message
    // that follows no assistant `tool_calls` (its call may have been a failed reply left out).
    const answersACall =
      (previous?.role === 'assistant' && previous.tool_calls !== undefined) || previous?.role === 'tool';
    return answersACall && m.toolCallId
      ? { role: 'tool', tool_call_id: m.toolCallId, content: m.content }
      : undefined;
  }
  if (m.role === 'assistant') {
    // The API refuses `tool_calls` not each answered by a `tool` message before the next turn:
    // calls the user never answered (they asked something else instead) are not sent.
    const answered = answeredAfter(messages, at);
    const all = m.toolCalls ?? [];
    const calls = all.every((c, i) => answered.has(toolCallIdOf(c, i))) ? all : [];
    if (m.error || (!m.content.trim() && calls.length === 0)) return undefined;
    if (calls.length === 0) return { role: 'assistant', content: m.content };
    // The API takes an assistant turn that only called tools with null content.
    return {
      role: 'assistant',
      content: m.content.trim() ? m.content : null,
      tool_calls: calls.map((c, i) => ({
        id: toolCallIdOf(c, i),
        type: 'function' as const,
        function: { name: c.name, arguments: c.arguments },
      })),
    };
  }
  if (previous?.role === 'user' && previous.content === m.content) return undefined;
  return { role: 'user', content: m.content };
}

/**
 * The history as the gateway is sent it. A failed or empty reply is left out: its error text or
 * its nothing is not something the model said. When the user then sent the same words again, the
 * two user turns would stand side by side, so the repeat is sent once. Reasoning stays in the app
 * (models that think are documented to reject it as context). A reply that called tools goes with
 * its `tool_calls`, and each result the user gave as a `tool` message after it.
 */
export function wireHistory(
  system: string,
  messages: StoredMessage[],
  variables?: PromptVariables,
): ChatMessage[] {
  const turns: ChatMessage[] = [];
  messages.forEach((_, at) => {
    const turn = turnOf(messages, at, turns[turns.length - 1]);
    if (turn) turns.push(turn);
  });
  // Placeholders are filled in what the user wrote, never in a model's reply (which may quote
  // template syntax) nor in a tool's result; the stored text keeps its placeholders.
  const filled = turns.map((t) =>
    t.role === 'user' ? { ...t, content: fillVariables(t.content, variables) } : t,
  );
  return [
    ...(system.trim() ? [{ role: 'system' as const, content: fillVariables(system, variables) }] : []),
    ...filled,
  ];
}
