import type { ChatParamsInput } from '../../../src-shared/chat/conversation';

/**
 * Whether the chat's parameters use a folded panel, so it opens (and, being loaded lazily,
 * loads) with the conversation: lazy-chat-parts.tsx and the panels themselves ask here.
 */
export function moreParamsInUse(params: ChatParamsInput): boolean {
  return (
    params.seed !== undefined ||
    params.stop !== undefined ||
    params.presence_penalty !== undefined ||
    params.frequency_penalty !== undefined ||
    params.reasoning_effort !== undefined ||
    params.logprobs !== undefined ||
    params.include_usage === false
  );
}

export function toolsInUse(params: ChatParamsInput): boolean {
  return (params.tools?.length ?? 0) > 0;
}
