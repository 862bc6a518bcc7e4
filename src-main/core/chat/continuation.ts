import {
  MAX_MESSAGE_CHARS,
  type ReplyStats,
  type StoredMessage,
} from '../../../src-shared/chat/conversation';
import { joinLogprobs } from '../gateway/logprob-collector';

/**
 * Sent after a reply cut at the token limit to have the model go on. Chat-completion APIs have
 * no portable "continue this message" (assistant prefill is vendor-specific), so the cut reply is
 * sent as the model's own turn and this asks for the rest; the answer is joined onto the reply.
 */
export const CONTINUE_PROMPT =
  'Your previous reply was cut off at the token limit. Continue it exactly where it stopped, without repeating anything and without any preamble.';

function sumUsage(a: ReplyStats['usage'], b: ReplyStats['usage']): ReplyStats['usage'] {
  if (!a || !b) return b ?? a;
  const add = (x?: number, y?: number) =>
    x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0);
  return {
    prompt_tokens: add(a.prompt_tokens, b.prompt_tokens),
    completion_tokens: add(a.completion_tokens, b.completion_tokens),
    total_tokens: add(a.total_tokens, b.total_tokens),
  };
}

/**
 * The cut reply with its continuation added: text, thinking and token probabilities joined, the
 * continuation's end (finish reason, error, stop) is the reply's end now; time and tokens add up
 * over both requests.
 */
export function joinContinuation(cut: StoredMessage, more: StoredMessage): StoredMessage {
  const reasoning = [cut.reasoning, more.reasoning].filter(Boolean).join('\n\n').slice(0, MAX_MESSAGE_CHARS);
  const stats: ReplyStats | undefined = more.stats && {
    ...more.stats,
    totalMs: (cut.stats?.totalMs ?? 0) + more.stats.totalMs,
    firstTokenMs: cut.stats?.firstTokenMs ?? more.stats.firstTokenMs,
    usage: sumUsage(cut.stats?.usage, more.stats.usage),
  };
  const logprobs = joinLogprobs(cut.logprobs, more.logprobs);
  return {
    role: 'assistant',
    content: (cut.content + more.content).slice(0, MAX_MESSAGE_CHARS),
    ...(reasoning ? { reasoning } : {}),
    ...(stats ? { stats } : {}),
    ...(logprobs ? { logprobs } : {}),
    ...(more.error ? { error: more.error } : {}),
    ...(more.stopped ? { stopped: true } : {}),
  };
}
