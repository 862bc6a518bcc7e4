import { type ExtraBody, mergeExtraBody } from './extra-body';

import type { ChatParamsInput } from '../chat/conversation';
import { wireTools } from '../chat/tool-rules';

/** One tool call of an assistant turn, as the API takes it back in the history. */
export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One part of a user's turn with attachments (the API's content parts). */
export type WireContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };

/**
 * A message of the history as sent. A user's turn with attachments is a list of parts; without,
 * a string, as the spec shows. An assistant turn that called tools carries them, with
 * null content when it said nothing else; each call's result follows as a `tool` message.
 */
export type WireChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | WireContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatBodyInput extends ChatParamsInput {
  model: string;
  messages: WireChatMessage[];
  extra?: ExtraBody;
}

/**
 * The streamed chat request's body, extras after the form's fields. Usage is asked for in the
 * last chunk unless the form turned it off (then no `stream_options` at all, for servers that
 * refuse the field). Main sends it and the window previews it, so the two cannot drift.
 * A tool's saved mock stays in the app (chat-tools.ts `wireTools`).
 */
export function streamedChatBody(request: ChatBodyInput) {
  const { extra, include_usage, tools, ...fields } = request;
  const usage = include_usage === false ? {} : { stream_options: { include_usage: true } };
  return mergeExtraBody('chat', { ...fields, ...wireTools(tools), stream: true, ...usage }, extra);
}
