import { type ChatOutcome, type ChatRequest, type ChoiceReply, streamChat } from '../gateway/chat-api';
import type { GatewayClient } from '../gateway/gateway-client';
import type { GatewayTarget } from '../gateway/gateway-urls';
import { MAX_ALTERNATIVES, type StoredMessage } from '../../../src-shared/chat/conversation';
import type { ChatStreamEvent } from '../../../src-shared/chat/chat-events';
import type { StreamSink } from '../streams/stream-sink';
import { type KeyScrubber, TextScrubber } from '../security/key-scrubber';
import { asksForJson } from '../../../src-shared/chat/response-format';
import { checkReply } from './format-check';

/** Deltas are gathered for this long before one event goes to the window, to keep IPC traffic low. */
const DELTA_FLUSH_MS = 16;

export interface StreamReplyDeps {
  client: GatewayClient;
  now?: () => number;
  /** Keys to remove from the reply's text, also when a model spreads one over many deltas. */
  scrubber?: KeyScrubber;
}

/** The profile's time limits for one reply (ProfileService `idleTimeoutMs`, `replyDeadlineMs`). */
export interface ReplyTiming {
  /** Longest silence allowed, also before the headers. */
  idleTimeoutMs: number;
  /** Longest the whole reply may take, however steadily it streams. */
  replyDeadlineMs: number;
}

/**
 * Streams one reply to `sink` (reasoning and answer batched apart, keys scrubbed) and resolves
 * with it as a message with its statistics, once the stream has ended however it ended. The
 * sink's signal stops the fetch.
 */
export async function streamReply(
  deps: StreamReplyDeps,
  target: GatewayTarget,
  { idleTimeoutMs, replyDeadlineMs }: ReplyTiming,
  body: ChatRequest,
  sink: StreamSink<ChatStreamEvent>,
): Promise<{ fresh: StoredMessage; outcome: ChatOutcome; stopped: boolean }> {
  // Reasoning and answer text are gathered apart and sent reasoning first, as they arrived.
  const pending = { reasoning: '', delta: '' };
  const clean = {
    delta: new TextScrubber(deps.scrubber, target.apiKey),
    reasoning: new TextScrubber(deps.scrubber, target.apiKey),
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (pending.reasoning) sink.emit({ type: 'reasoning', text: pending.reasoning });
    if (pending.delta) sink.emit({ type: 'delta', text: pending.delta });
    pending.reasoning = pending.delta = '';
  };
  const outcome = await streamChat(
    deps.client,
    target,
    body,
    (text) => {
      pending.delta += clean.delta.push(text);
      timer ??= setTimeout(flush, DELTA_FLUSH_MS);
    },
    {
      signal: sink.signal,
      // A reasoning model may think for minutes; the profile says how much silence to allow,
      // also before the headers (some gateways send them only with the first token).
      timeoutMs: idleTimeoutMs,
      idleTimeoutMs,
      // A drip of a byte a second never meets the idle timeout: the whole reply has a deadline.
      deadlineMs: replyDeadlineMs,
      onRetract: () => {
        // What is queued of the answer goes as reasoning with the rest; what was sent is cleared.
        if (timer) clearTimeout(timer);
        pending.delta = '';
        clean.delta.end();
        flush();
        sink.emit({ type: 'retract' });
      },
      onReasoning: (text) => {
        pending.reasoning += clean.reasoning.push(text);
        timer ??= setTimeout(flush, DELTA_FLUSH_MS);
      },
    },
  );
  if (timer) clearTimeout(timer);
  pending.reasoning += clean.reasoning.end();
  pending.delta += clean.delta.end();
  flush();
  const scrub = (text: string) => deps.scrubber?.scrub(text) ?? text;
  const stopped = outcome.error?.code === 'aborted';
  // Only a reply that ended by itself is checked: a stopped or failed one is cut, not wrong.
  const finished = !outcome.error;
  /** What a choice said, keys scrubbed: answer, reasoning, refusal, tool calls. */
  const said = (c: ChoiceReply): StoredMessage => ({
    role: 'assistant',
    content: scrub(c.text),
    ...(c.reasoning ? { reasoning: scrub(c.reasoning) } : {}),
    ...(c.refusal ? { refusal: scrub(c.refusal) } : {}),
    ...(c.toolCalls ? { toolCalls: c.toolCalls.map((t) => ({ ...t, arguments: scrub(t.arguments) })) } : {}),
    ...formatCheckOf(scrub(c.text), c, body, finished),
    ...logprobsOf(c, scrub),
  });
  // With `n` > 1 the other choices are the reply's other versions, the first one shown (‹ 1/n ›).
  const others = (outcome.others ?? []).map((c) => [
    {
      ...said(c),
      ...(c.finishReason
        ? { stats: { totalMs: outcome.timings.totalMs, finishReason: c.finishReason } }
        : {}),
    },
  ]);
  const fresh: StoredMessage = {
    ...said(outcome),
    stats: {
      firstTokenMs: outcome.timings.firstTokenMs,
      firstReasoningMs: outcome.timings.firstReasoningMs,
      reasoningMs: outcome.timings.reasoningMs,
      totalMs: outcome.timings.totalMs,
      tokensPerSecond: outcome.timings.tokensPerSecond,
      usage: outcome.usage,
      model: outcome.model,
      finishReason: outcome.finishReason,
      endedAt: (deps.now ?? Date.now)(),
    },
    ...(stopped ? { stopped: true } : outcome.error ? { error: outcome.error.toAppError() } : {}),
    ...(others.length ? { alternatives: others.slice(0, MAX_ALTERNATIVES), branchIndex: 0 } : {}),
  };
  return { fresh, outcome, stopped };
}

/**
 * A finished reply to a request for JSON, checked against what was asked (docs/architecture.md,
 * "Structured outputs"); nothing for a reply that only refused or called tools.
 */
export function formatCheckOf(
  text: string,
  c: Pick<ChoiceReply, 'refusal' | 'toolCalls'>,
  body: Pick<ChatRequest, 'response_format'>,
  finished: boolean,
): Pick<StoredMessage, 'formatCheck'> {
  const format = body.response_format;
  if (!finished || !asksForJson(format)) return {};
  if (!text.trim() && (c.refusal || c.toolCalls?.length)) return {};
  return { formatCheck: checkReply(text, format) };
}

/**
 * A choice's token probabilities, unless the scrubber removed a key from their text: tokens are
 * kept one by one, so a key split over several could not be scrubbed from them.
 */
function logprobsOf(c: ChoiceReply, scrub: (text: string) => string): Pick<StoredMessage, 'logprobs'> {
  if (!c.logprobs) return {};
  const text = c.logprobs.tokens.map((t) => t.token).join('');
  return scrub(text) === text ? { logprobs: c.logprobs } : {};
}

/** The message with its format check made again on its whole text. */
export function withCheck(
  message: StoredMessage,
  body: Parameters<typeof formatCheckOf>[2],
  finished: boolean,
): StoredMessage {
  const { formatCheck: _old, ...rest } = message;
  return { ...rest, ...formatCheckOf(message.content, message, body, finished) };
}
