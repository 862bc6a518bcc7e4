import { z } from 'zod';
import { textLength } from '../text-length';
import { chatRequestFields, HISTORY_CHARS_MAX, requireLastRole } from './chat-events';
import { COMPARE_COLUMNS_MAX } from './compare-limits';
import { conversationIdSchema, storedMessageSchema } from './conversation';

/** A profile's id, as profiles are named everywhere. */
export const profileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a profile id');

/**
 * One column of a comparison: a reply streamed from `profileId` (the active profile when absent)
 * and never saved; the user keeps the one they choose with `chat.compare.keep`.
 */
export const compareReplySchema = z
  .object({ profileId: profileIdSchema.optional(), ...chatRequestFields })
  .superRefine((input, ctx) => requireLastRole(input.messages, 'user', ctx, 'must end with a user message'));
export type CompareReplyInput = z.input<typeof compareReplySchema>;

/**
 * The chosen column becomes the conversation's next turn (a new conversation when `conversationId`
 * names none yet): the history ends with the prompt and the chosen reply; the other columns'
 * replies are kept as versions of it, so nothing the user compared is lost.
 */
export const keepComparedSchema = z
  .object({
    conversationId: conversationIdSchema.optional(),
    profileId: profileIdSchema.optional(),
    ...chatRequestFields,
    others: z
      .array(storedMessageSchema)
      .max(COMPARE_COLUMNS_MAX - 1, 'must hold at most 3 replies')
      .refine(
        (others) => textLength(others) <= HISTORY_CHARS_MAX,
        'must be at most 8,000,000 characters in all',
      )
      .default([]),
  })
  .superRefine((input, ctx) => {
    requireLastRole(input.messages, 'assistant', ctx, 'must end with the chosen reply');
    if (input.messages.length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['messages'],
        message: 'must hold the prompt and the chosen reply',
      });
    }
    for (const [i, m] of input.others.entries()) {
      if (m.role !== 'assistant')
        ctx.addIssue({ code: 'custom', path: ['others', i], message: 'must be a reply' });
    }
  });
export type KeepComparedInput = z.input<typeof keepComparedSchema>;
