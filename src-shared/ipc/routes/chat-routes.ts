import { z } from 'zod';
import { route } from '../define-route';
import type { Conversation, ConversationHit, ConversationSummary } from '../../chat/conversation';
import { conversationIdSchema, switchBranchSchema } from '../../chat/conversation';
import { keepComparedSchema } from '../../chat/compare';
import { type ChatPreset, presetIdInput, savePresetSchema } from '../../chat/chat-preset';
import { MAX_SCHEMA_CHARS, type SchemaViolation } from '../../chat/response-format';
import { type ArgumentsCheck, type SchemaProblem, toolSchemaInput } from '../../chat/chat-tools';
import { MAX_MESSAGE_CHARS } from '../../chat/message-limits';
import { addAttachmentSchema } from '../../chat/attachments';
import { type ChatCode, chatCodeSchema } from '../../chat/chat-code';
import type { AddedAttachment } from '../../chat/attachment-rules';

const byId = z.object({ id: conversationIdSchema });

export const chatRoutes = {
  'chat.conversations.list': route<ConversationSummary[]>()(z.object({})),
  'chat.conversations.get': route<Conversation>()(byId),
  /**
   * The conversation with only its newest `last` messages and how many it has in all: the window
   * shows these at once and reads the whole one after (docs/architecture.md, "The window").
   * With `chars`, fewer once the newest `least` or more hold that many characters as stored.
   */
  'chat.conversations.head': route<{ conversation: Conversation; total: number }>()(
    byId.extend({
      last: z.number().int().min(1).max(1000),
      chars: z.number().int().min(1).optional(),
      least: z.number().int().min(1).optional(),
    }),
  ),
  /** Messages `from` to before `to` of a conversation, and how many it has now, to join to its newest. */
  'chat.conversations.messages': route<{ messages: Conversation['messages']; total: number }>()(
    byId
      .extend({ from: z.number().int().min(0), to: z.number().int().min(0) })
      .refine((p) => p.from <= p.to, { message: 'from: must not be after to', path: ['from'] }),
  ),
  'chat.conversations.rename': route<ConversationSummary>()(
    byId.extend({
      title: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
    }),
  ),
  'chat.conversations.delete': route<null>()(byId),
  'chat.conversations.pin': route<ConversationSummary>()(byId.extend({ pinned: z.boolean() })),
  /** Titles and message text (the full-text index); words in any order, each must be there. */
  'chat.conversations.search': route<ConversationHit[]>()(
    z.object({ query: z.string().max(200, 'must be at most 200 characters') }),
  ),
  /**
   * One file for the conversations named, or for all of them when `ids` is absent, written where
   * the user chooses: where it went, or null when the save was cancelled.
   */
  'chat.conversations.export': route<string | null>()(
    z.object({
      ids: z.array(conversationIdSchema).min(1, 'must name a conversation').max(10_000).optional(),
      format: z.enum(['markdown', 'json']),
    }),
  ),
  /** Shows another version (an edited question, a regenerated reply) at one position. */
  'chat.conversations.switchBranch': route<Conversation>()(switchBranchSchema),
  /** The column chosen in a comparison becomes the conversation's next turn. */
  'chat.compare.keep': route<Conversation>()(keepComparedSchema),
  /**
   * One file for the next message, sent once: main checks and keeps it and answers with its
   * reference and the address of its thumbnail (docs/architecture.md, "Chat attachments").
   */
  'chat.attachments.add': route<AddedAttachment>()(addAttachmentSchema),
  /** The body a chat request would send, for View code (src-shared/chat/chat-code.ts). */
  'chat.code': route<ChatCode>()(chatCodeSchema),
  /** The address of any stored attachment, with `ATTACHMENT_URL_ID` where its id goes. */
  'chat.attachments.urlTemplate': route<{ template: string }>()(z.object({})),
  /** Named chat settings, by name. */
  'chat.presets.list': route<ChatPreset[]>()(z.object({})),
  /** A new preset, or over the one with the same id or name. */
  'chat.presets.save': route<ChatPreset>()(savePresetSchema),
  'chat.presets.delete': route<null>()(presetIdInput),
  /**
   * The response format editor's JSON schema, checked against JSON Schema in main (Ajv compiles
   * to code, which the window's CSP forbids): each problem at its path, none when it is good.
   */
  'chat.schema.check': route<SchemaViolation[]>()(
    z.object({
      text: z.string().max(MAX_SCHEMA_CHARS, `must be at most ${MAX_SCHEMA_CHARS / 1024} KB`),
    }),
  ),
  /** A tool's parameters against the JSON Schema meta-schema (Ajv runs in main: the CSP). */
  'chat.tools.checkSchema': route<SchemaProblem[]>()(z.object({ schema: toolSchemaInput })),
  /** A tool call's arguments, as the model wrote them, against its function's parameters. */
  'chat.tools.checkArguments': route<ArgumentsCheck>()(
    z.object({
      schema: toolSchemaInput,
      arguments: z.string().max(MAX_MESSAGE_CHARS, 'must be at most 2,000,000 characters'),
    }),
  ),
};
