import { z } from 'zod';
import { storedExtraSchema } from '../request/extra-body-schema';
import { MAX_ALTERNATIVES, MAX_MESSAGE_CHARS } from './message-limits';
import { MAX_STOP_SEQUENCES, REASONING_EFFORTS } from './chat-param-limits';
import { formatCheckSchema, responseFormatSchema } from './response-format';
import { messageLogprobsSchema } from './logprobs';
import { chatToolFields, checkToolFields } from './chat-tools';
import { attachmentRefSchema } from './attachments';
import { MAX_ATTACHMENTS } from './attachment-rules';

const usageSchema = z.object({
  prompt_tokens: z.number().optional(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
  /** The call's cost as the gateway reported it (absent when it did not). */
  cost: z.number().optional(),
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
  /** When the reply ended (epoch ms): a 429's Retry-After wait counts from here. */
  endedAt: z.number().optional(),
});
export type ReplyStats = z.infer<typeof replyStatsSchema>;

const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().optional(),
  retryAfterMs: z.number().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export { MAX_ALTERNATIVES, MAX_MESSAGE_CHARS };

/** Most tool calls kept of one reply. */
export const MAX_TOOL_CALLS = 128;

/**
 * A tool (function) call the model asked for: its name and its arguments as the model wrote them
 * (JSON when the model wrote it well, kept raw either way).
 */
export const toolCallSchema = z.object({
  id: z.string().max(1000).optional(),
  name: z.string().max(1000),
  arguments: z.string().max(MAX_MESSAGE_CHARS, 'must be at most 2,000,000 characters'),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

export const storedMessageSchema = z.object({
  /** `tool`: the result of one tool call, sent back as `{role: 'tool', tool_call_id, content}`. */
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.string().max(MAX_MESSAGE_CHARS, 'must be at most 2,000,000 characters'),
  /**
   * Files the user attached (references only: the bytes are in the data folder, see
   * docs/architecture.md "Chat attachments"); absent on messages saved before them.
   */
  attachments: z
    .array(attachmentRefSchema)
    .max(MAX_ATTACHMENTS, `must hold at most ${MAX_ATTACHMENTS} files`)
    .optional(),
  /** A reasoning model's thinking, kept apart from the answer and never sent back as context. */
  reasoning: z.string().max(MAX_MESSAGE_CHARS, 'must be at most 2,000,000 characters').optional(),
  /** The model's refusal (`refusal` beside or instead of content), shown as a refusal. */
  refusal: z.string().max(MAX_MESSAGE_CHARS, 'must be at most 2,000,000 characters').optional(),
  /** Tool calls the model asked for; absent in messages saved before they were kept. */
  toolCalls: z.array(toolCallSchema).max(MAX_TOOL_CALLS).optional(),
  /** A `tool` message's call id (the assistant's `tool_calls[].id` it answers). */
  toolCallId: z.string().max(1000, 'must be at most 1,000 characters').optional(),
  /** A `tool` message's function name, shown beside the result (not sent). */
  toolName: z.string().max(1000, 'must be at most 1,000 characters').optional(),
  stats: replyStatsSchema.optional(),
  error: errorSchema.optional(),
  stopped: z.boolean().optional(),
  /**
   * The other versions of the conversation from this position on (an edited question, a
   * regenerated reply), each a list of messages; see docs/architecture.md "Chat branches".
   */
  // The return type is spelled out: TypeScript cannot infer a schema that refers to itself.
  get alternatives(): z.ZodOptional<z.ZodArray<z.ZodArray<typeof storedMessageSchema>>> {
    return z
      .array(z.array(storedMessageSchema).min(1, 'must not be empty'))
      .max(MAX_ALTERNATIVES, `must hold at most ${MAX_ALTERNATIVES} alternatives`)
      .optional();
  },
  /** Where the version shown stands among its alternatives (0-based); the newest when absent. */
  branchIndex: z.number().int().min(0).optional(),
  /** The reply checked against the JSON format asked for (absent when none was, and before). */
  formatCheck: formatCheckSchema.optional(),
  /** The reply's token probabilities, when asked for (absent before they were kept). */
  logprobs: messageLogprobsSchema.optional(),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;

const penalty = z.number().min(-2, 'must be between -2 and 2').max(2, 'must be between -2 and 2').optional();

// Without zod in chat-param-limits.ts, so the window's first screen does not load zod.
export { MAX_STOP_SEQUENCES, REASONING_EFFORTS };

/**
 * The request fields the chat form sets, with the Chat Completions API's own ranges. Fields
 * added later are optional, so conversations and presets saved before them still read.
 */
export const chatParamsSchema = z
  .object({
    temperature: z.number().min(0, 'must be between 0 and 2').max(2, 'must be between 0 and 2').optional(),
    top_p: z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').optional(),
    max_tokens: z
      .number()
      .int('must be a whole number')
      .positive('must be at least 1')
      .max(1_000_000, 'must be at most 1,000,000')
      .optional(),
    /** The same seed and request ask the model for the same reply (best effort, as the API says). */
    seed: z
      .number()
      .int('must be a whole number')
      .min(Number.MIN_SAFE_INTEGER, 'must be a whole number a JSON reader keeps exactly')
      .max(Number.MAX_SAFE_INTEGER, 'must be a whole number a JSON reader keeps exactly')
      .optional(),
    /** Where the model stops: one text or up to four. */
    stop: z
      // Generous caps bound what is read; the rule (and its message) is the check below.
      .union([z.string().max(10_000), z.array(z.string().max(10_000)).max(100)], {
        error: 'must be a text or a list of up to 4 texts',
      })
      .superRefine((v, ctx) => {
        const list = typeof v === 'string' ? [v] : v;
        if (Array.isArray(v) && (v.length < 1 || v.length > MAX_STOP_SEQUENCES))
          ctx.addIssue({ code: 'custom', message: `must hold 1 to ${MAX_STOP_SEQUENCES} sequences` });
        list.forEach((item, i) => {
          const path = typeof v === 'string' ? [] : [i];
          if (item.length === 0) ctx.addIssue({ code: 'custom', path, message: 'must not be empty' });
          if (item.length > 200)
            ctx.addIssue({ code: 'custom', path, message: 'must be at most 200 characters' });
        });
      })
      .optional(),
    presence_penalty: penalty,
    frequency_penalty: penalty,
    /** For reasoning models; others may refuse it (their error is shown as sent). */
    reasoning_effort: z.enum(REASONING_EFFORTS, { error: 'must be minimal, low, medium or high' }).optional(),
    /** Token probabilities with the reply, and how many alternatives per token (0–20). */
    logprobs: z.boolean({ error: 'must be true or false' }).optional(),
    top_logprobs: z
      .number()
      .int('must be a whole number')
      .min(0, 'must be between 0 and 20')
      .max(20, 'must be between 0 and 20')
      .optional(),
    /**
     * Asks for the token usage in the stream's last chunk (`stream_options.include_usage`); absent
     * is on. A server that refuses `stream_options` is sent none when this is false.
     */
    include_usage: z.boolean({ error: 'must be true or false' }).optional(),
    /** Structured outputs: any JSON object, or JSON following a schema (absent is text). */
    response_format: responseFormatSchema.optional(),
    /** Functions the model may call, the choice among them, and parallel calls (chat-tools.ts). */
    ...chatToolFields,
  })
  .refine((p) => p.top_logprobs === undefined || p.logprobs === true, {
    path: ['top_logprobs'],
    message: 'needs logprobs on (the API refuses top_logprobs without it)',
  })
  .superRefine(checkToolFields);
export type ChatParamsInput = z.infer<typeof chatParamsSchema>;

export const conversationIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'must be a plain id');

/** Show version `index` of the conversation at message `position` (both 0-based). */
export const switchBranchSchema = z.object({
  id: conversationIdSchema,
  position: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(100_000, 'must be at most 100,000'),
  index: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(MAX_ALTERNATIVES, `must be at most ${MAX_ALTERNATIVES}`),
});
export type SwitchBranchInput = z.infer<typeof switchBranchSchema>;

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
  /** Values of its `{{name}}` placeholders (absent in conversations saved before variables). */
  variables: z.record(z.string(), z.string()).optional(),
  /**
   * Versions set aside by a Regenerate whose reply has not been saved yet: they join the reply at
   * `position` when it is saved, or come back as they were if the app stopped before that.
   */
  pendingBranches: z
    .object({ position: z.number().int().min(0), tails: z.array(z.array(storedMessageSchema).min(1)) })
    .optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
  /** Kept at the top of the list. */
  pinned: boolean;
}

/** A conversation found by a search: by its title, or by one message's text (`snippet`). */
export interface ConversationHit {
  conversationId: string;
  title: string;
  updatedAt: number;
  /** The matching part of a message, the words found wrapped in [ ]; absent for a title match. */
  snippet?: string;
}

export function titleFrom(messages: StoredMessage[]): string {
  const question = messages.find((m) => m.role === 'user');
  // A question that is only files is named after the first of them.
  const first = question?.content.trim().replace(/\s+/g, ' ') || question?.attachments?.[0]?.name || '';
  if (!first) return 'New chat';
  return first.length > 48 ? `${first.slice(0, 47)}…` : first;
}
