import { z } from 'zod';
import { storedExtraSchema } from '../request/extra-body-schema';

const usageSchema = z.object({
  prompt_tokens: z.number().optional(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
});

export const replyStatsSchema = z.object({
  firstTokenMs: z.number().optional(),
  /** ms from the start to the first reasoning ("thinking") token. */
  firstReasoningMs: z.number().optional(),
  /** ms the model spent thinking before its answer began. */
  reasoningMs: z.number().optional(),
  totalMs: z.number(),
  tokensPerSecond: z.number().optional(),
  usage: usageSchema.optional(),
  model: z.string().optional(),
  finishReason: z.string().optional(),
});
export type ReplyStats = z.infer<typeof replyStatsSchema>;

const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().optional(),
  retryAfterMs: z.number().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const storedMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(2_000_000, 'must be at most 2,000,000 characters'),
  /** A reasoning model's thinking, kept apart from the answer and never sent back as context. */
  reasoning: z.string().max(2_000_000, 'must be at most 2,000,000 characters').optional(),
  stats: replyStatsSchema.optional(),
  error: errorSchema.optional(),
  stopped: z.boolean().optional(),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;

export const chatParamsSchema = z.object({
  temperature: z.number().min(0, 'must be between 0 and 2').max(2, 'must be between 0 and 2').optional(),
  top_p: z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').optional(),
  max_tokens: z
    .number()
    .int('must be a whole number')
    .positive('must be at least 1')
    .max(1_000_000)
    .optional(),
});
export type ChatParamsInput = z.infer<typeof chatParamsSchema>;

export const conversationIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be a plain id');

export const conversationSchema = z.object({
  id: conversationIdSchema,
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  profileId: z.string().optional(),
  model: z.string(),
  system: z.string(),
  params: chatParamsSchema,
  /** Extra body fields sent with its replies (absent in conversations saved before them). */
  extra: storedExtraSchema,
  messages: z.array(storedMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: number;
  messageCount: number;
}

export function titleFrom(messages: StoredMessage[]): string {
  const first =
    messages
      .find((m) => m.role === 'user')
      ?.content.trim()
      .replace(/\s+/g, ' ') ?? '';
  if (!first) return 'New chat';
  return first.length > 48 ? `${first.slice(0, 47)}…` : first;
}
