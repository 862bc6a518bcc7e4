import { startChatSchema, type ChatStreamEvent } from '../../chat/chat-events';
import { streamRoute } from '../define-stream';

export const chatStreams = {
  /** One assistant reply; main saves the user's message first and answers with the conversation. */
  'chat.reply': streamRoute<{ conversationId: string }, ChatStreamEvent>()(startChatSchema),
};
