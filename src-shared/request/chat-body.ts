import { type ExtraBody, mergeExtraBody } from './extra-body';

export interface ChatBodyInput {
  model: string;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  extra?: ExtraBody;
}

/**
 * The streamed chat request's body (usage asked for in the last chunk), extras after the form's
 * fields. Main sends it and the window previews it, so the two cannot drift.
 */
export function streamedChatBody(request: ChatBodyInput) {
  const { extra, ...fields } = request;
  return mergeExtraBody('chat', { ...fields, stream: true, stream_options: { include_usage: true } }, extra);
}
