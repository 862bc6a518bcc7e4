import { startChatSchema, type ChatStreamEvent } from '../../chat/chat-events';
import { streamRoute } from '../define-stream';
import { compareReplySchema } from '../../chat/compare';

export const chatStreams = {
  /** One assistant reply; main saves the user's message first and answers with the conversation. */
  'chat.reply': streamRoute<{ conversationId: string }, ChatStreamEvent>()(startChatSchema),
  /** One column of a side-by-side comparison, from any profile; saved nowhere. */
  'chat.compare': streamRoute<{ profileId: string }, ChatStreamEvent>()(compareReplySchema),
};
