import type { Conversation } from '../../../src-shared/chat/conversation';

/**
 * For a fake bridge: the two routes a conversation opens by (open-newest-first.ts), answered from
 * the same conversations as the test's `chat.conversations.get`, as main's handler answers them.
 */
export function headRoutes(get: (id: string) => Conversation | undefined) {
  const found = (id: string) => {
    const c = get(id);
    if (!c) throw new Error(`no conversation ${id}`);
    return c;
  };
  return {
    'chat.conversations.head': (input: unknown) => {
      const { id, last } = input as { id: string; last: number };
      const c = found(id);
      return { conversation: { ...c, messages: c.messages.slice(-last) }, total: c.messages.length };
    },
    'chat.conversations.messages': (input: unknown) => {
      const { id, from, to } = input as { id: string; from: number; to: number };
      const { messages } = found(id);
      return { messages: messages.slice(from, to), total: messages.length };
    },
  };
}
