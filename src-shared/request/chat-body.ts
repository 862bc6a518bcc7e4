import { type ExtraBody, mergeExtraBody } from './extra-body';

import type { ChatParamsInput } from '../chat/conversation';

export interface ChatBodyInput extends ChatParamsInput {
  model: string;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  extra?: ExtraBody;
}

/**
 * The streamed chat request's body, extras after the form's fields. Usage is asked for in the
 * last chunk unless the form turned it off (then no `stream_options` at all, for servers that
 * refuse the field). Main sends it and the window previews it, so the two cannot drift.
 */
export function streamedChatBody(request: ChatBodyInput) {
  const { extra, include_usage, ...fields } = request;
  const usage = include_usage === false ? {} : { stream_options: { include_usage: true } };
  return mergeExtraBody('chat', { ...fields, stream: true, ...usage }, extra);
}
