import { z } from 'zod';
import { route } from '../define-route';
import type { Conversation, ConversationSummary } from '../../chat/conversation';
import { conversationIdSchema, switchBranchSchema } from '../../chat/conversation';

const byId = z.object({ id: conversationIdSchema });

export const chatRoutes = {
  'chat.conversations.list': route<ConversationSummary[]>()(z.object({})),
  'chat.conversations.get': route<Conversation>()(byId),
  'chat.conversations.rename': route<ConversationSummary>()(
    byId.extend({
      title: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
    }),
  ),
  'chat.conversations.delete': route<null>()(byId),
  /** Shows another version (an edited question, a regenerated reply) at one position. */
  'chat.conversations.switchBranch': route<Conversation>()(switchBranchSchema),
};
