import { z } from 'zod';
import type { AppError } from '../result';
import {
  chatParamsSchema,
  conversationIdSchema,
  type StoredMessage,
  storedMessageSchema,
} from './conversation';

export const startChatSchema = z.object({
  conversationId: conversationIdSchema.optional(),
  model: z.string().trim().min(1, 'is required: pick or type a model'),
  system: z.string().max(200_000, 'must be at most 200,000 characters').default(''),
  params: chatParamsSchema.default({}),
  /** The whole history to send, ending with the user's new message. */
  messages: z
    .array(storedMessageSchema)
    .min(1, 'must hold at least one message')
    .refine((m) => m[m.length - 1]?.role === 'user', 'must end with a user message'),
});
export type StartChatInput = z.input<typeof startChatSchema>;

export interface ChatEvents {
  /** The conversation (with the user's message) is saved; the reply is on its way. */
  'chat.started': { requestId: string; conversationId: string };
  'chat.delta': { requestId: string; text: string };
  'chat.done': { requestId: string; conversationId: string; message: StoredMessage };
  'chat.error': { requestId: string; conversationId: string; message: StoredMessage; error: AppError };
}
