import { z } from 'zod';
import type { AppError } from '../result';
import { extraBodySchema } from '../request/extra-body-schema';
import { MODEL_ID_MAX } from '../input-limits';
import { textLength } from '../text-length';
import { promptVariablesSchema } from './prompt-variables-schema';
import {
  chatParamsSchema,
  conversationIdSchema,
  type StoredMessage,
  storedMessageSchema,
} from './conversation';

/** A history the window may send: longer ones would stall main's parse and the gateway's. */
export const HISTORY_MESSAGES_MAX = 2_000;
/** Every text of the history together (contents, reasoning, versions, errors), in characters. */
export const HISTORY_CHARS_MAX = 8_000_000;

/** The model, prompt, parameters and history of one chat request: a reply, or a column of a comparison. */
export const chatRequestFields = {
  model: z
    .string()
    .trim()
    .min(1, 'is required: pick or type a model')
    .max(MODEL_ID_MAX, `must be at most ${MODEL_ID_MAX} characters`),
  system: z.string().max(200_000, 'must be at most 200,000 characters').default(''),
  params: chatParamsSchema.default({}),
  extra: extraBodySchema('chat').optional(),
  /** Values for `{{name}}` placeholders in the system prompt and the user's messages. */
  variables: promptVariablesSchema.optional(),
  /**
   * The whole history to send, ending with the user's new message; or, to continue a reply cut
   * at the token limit, ending with that reply.
   */
  // Limited here, not in storedMessageSchema: stored conversations read back whatever their size.
  messages: z
    .array(storedMessageSchema)
    .min(1, 'must hold at least one message')
    .max(HISTORY_MESSAGES_MAX, 'must hold at most 2,000 messages')
    .refine(
      (messages) => textLength(messages) <= HISTORY_CHARS_MAX,
      'must be at most 8,000,000 characters in all',
    ),
};

/** Adds an issue unless the history ends with a message of `role`. */
export function requireLastRole(
  messages: StoredMessage[],
  role: StoredMessage['role'],
  ctx: z.RefinementCtx,
  message: string,
): void {
  const last = messages[messages.length - 1];
  if (last && last.role !== role) ctx.addIssue({ code: 'custom', path: ['messages'], message });
}

export const startChatSchema = z
  .object({
    conversationId: conversationIdSchema.optional(),
    ...chatRequestFields,
    /** Continue the last reply where it stopped: what arrives is added to it, not a new message. */
    continueReply: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.continueReply)
      requireLastRole(input.messages, 'assistant', ctx, 'must end with the reply to continue');
    // Results of the tool calls the last reply asked for continue the conversation too.
    else if (input.messages[input.messages.length - 1]?.role !== 'tool')
      requireLastRole(input.messages, 'user', ctx, 'must end with a user message or tool results');
  });
export type StartChatInput = z.input<typeof startChatSchema>;

/** What one reply stream carries to the window that asked for it. */
export type ChatStreamEvent =
  | { type: 'delta'; text: string }
  /** Reasoning ("thinking") text, batched like deltas; it comes before the answer's deltas. */
  | { type: 'reasoning'; text: string }
  /**
   * The answer sent so far was the model's thinking (a stream that began inside it, ended by a
   * stray `</think>`): the window clears it; it comes again as reasoning.
   */
  | { type: 'retract' }
  /** The reply is saved (whole, or partial when stopped). */
  | { type: 'done'; message: StoredMessage }
  /** The reply failed; what arrived before the failure is saved with the error. */
  | { type: 'error'; message: StoredMessage; error: AppError };

/** Broadcast to every window: lists refresh, an open conversation reloads. */
export interface ChatEvents {
  /** A conversation was saved: the user's message before a reply, or the reply after it. */
  'chat.conversations.changed': { conversationId: string };
}
