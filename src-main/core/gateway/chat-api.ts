import { MAX_MESSAGE_CHARS } from '../../../src-shared/chat/conversation';
import { streamedChatBody, type WireChatMessage } from '../../../src-shared/request/chat-body';
import { type ExtraBody, mergeExtraBody } from '../../../src-shared/request/extra-body';
import { abortedError, type CallOptions, type GatewayClient } from './gateway-client';
import { GatewayError } from './gateway-error';
import { apiUrl, type GatewayTarget } from './gateway-urls';
import { readReply } from './read-reply';
import { REPLY_CAPS } from './reply-caps';
import { asRecord, type ReplyCollector } from './reply-collector';
import { ReplyChoices } from './reply-choices';
import type { ToolCall } from '../../../src-shared/chat/conversation';
import type { ResponseFormat } from '../../../src-shared/chat/response-format';
import type { MessageLogprobs } from '../../../src-shared/chat/logprobs';

/** A message of the history as sent (tool calls and their results included). */
export type ChatMessage = WireChatMessage;

export interface ChatParams {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  /** Structured outputs: the reply is checked against it once it ends (core/chat/format-check.ts). */
  response_format?: ResponseFormat;
}

export interface ChatRequest extends ChatParams {
  model: string;
  messages: ChatMessage[];
  /** The user's extra body fields: added after the form's, never replacing one (extra-body.ts). */
  extra?: ExtraBody;
}

export interface ChatUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  /** What the gateway said the call cost, in its own unit, when it said. */
  cost?: number;
  total_tokens?: number;
}

export interface ChatTimings {
  startedAt: number;
  /** ms from start to the first content token. */
  firstTokenMs?: number;
  /** ms from start to the first reasoning ("thinking") token. */
  firstReasoningMs?: number;
  /** ms spent thinking: from the first reasoning token to the first content token (or the end). */
  reasoningMs?: number;
  /** ms from start to the end of the stream. */
  totalMs: number;
  tokensPerSecond?: number;
}

/** What one choice of a reply said. */
export interface ChoiceReply {
  text: string;
  /** The model's reasoning, kept apart from the answer (empty when the model sent none). */
  reasoning: string;
  /** The model's refusal, when it refused (`refusal` in the delta or message). */
  refusal?: string;
  /** The tool calls it asked for, assembled from their fragments. */
  toolCalls?: ToolCall[];
  /** Its token probabilities, when asked for (bounded, logprob-collector.ts). */
  logprobs?: MessageLogprobs;
  finishReason?: string;
}

/** A choice's text, cut to what is kept: the reply may run past the limit by the last chunk. */
function choiceReply(c: ReplyCollector): ChoiceReply {
  const calls = c.toolCalls;
  return {
    text: c.text.slice(0, MAX_MESSAGE_CHARS),
    reasoning: c.reasoning.slice(0, MAX_MESSAGE_CHARS),
    ...(c.refusal ? { refusal: c.refusal.slice(0, MAX_MESSAGE_CHARS) } : {}),
    ...(calls.length
      ? { toolCalls: calls.map((t) => ({ ...t, arguments: t.arguments.slice(0, MAX_MESSAGE_CHARS) })) }
      : {}),
    ...(c.logprobs.result ? { logprobs: c.logprobs.result } : {}),
    finishReason: c.finishReason,
  };
}

/** A stream never throws: a failure still hands back the text that arrived before it. */
export interface ChatOutcome extends ChoiceReply {
  /** The other choices of a request with `n` > 1, in index order (absent when there was one). */
  others?: ChoiceReply[];
  usage?: ChatUsage;
  finishReason?: string;
  model?: string;
  timings: ChatTimings;
  /** Number of content deltas received; stands in for tokens when usage is missing. */
  deltaCount: number;
  error?: GatewayError;
}

export function usageFrom(v: unknown): ChatUsage | undefined {
  const u = asRecord(v);
  if (!u) return undefined;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  const usage: ChatUsage = {
    prompt_tokens: num(u.prompt_tokens) ?? num(u.input_tokens),
    completion_tokens: num(u.completion_tokens) ?? num(u.output_tokens),
    total_tokens: num(u.total_tokens),
    // Some gateways (OpenRouter among them) report what the call cost; most say nothing.
    cost: num(u.cost),
  };
  return Object.values(usage).some((x) => x !== undefined) ? usage : undefined;
}

function tokensPerSecond(tokens: number, firstTokenMs: number | undefined, totalMs: number) {
  if (firstTokenMs === undefined || tokens < 2) return undefined;
  const seconds = (totalMs - firstTokenMs) / 1000;
  return seconds > 0 ? (tokens - 1) / seconds : undefined;
}

export async function streamChat(
  client: GatewayClient,
  target: GatewayTarget,
  request: ChatRequest,
  onDelta: (text: string) => void,
  opts: CallOptions & {
    now?: () => number;
    onReasoning?: (text: string) => void;
    /** The answer streamed so far was reasoning after all (reply-collector.ts `retract`). */
    onRetract?: () => void;
    /** Longest silence allowed while the reply streams (the client's timeout if absent). */
    idleTimeoutMs?: number;
  } = {},
): Promise<ChatOutcome> {
  const now = opts.now ?? Date.now;
  const startedAt = now();
  const choices = new ReplyChoices(() => now() - startedAt, {
    onDelta,
    onReasoning: opts.onReasoning,
    onRetract: opts.onRetract,
  });
  const reply = choices.first;
  const meta: { model?: string; usage?: ChatUsage } = {};
  let error: GatewayError | undefined;
  try {
    const open = await client.open(
      target,
      {
        method: 'POST',
        url: apiUrl(target, 'chat/completions'),
        json: streamedChatBody(request),
        accept: 'text/event-stream',
      },
      opts,
    );
    error = await readReply(open, choices, meta, usageFrom, opts.idleTimeoutMs);
  } catch (err) {
    error = err instanceof GatewayError ? err : new GatewayError('network', String(err));
  }
  choices.end();
  if (opts.signal?.aborted) error = abortedError();
  const totalMs = now() - startedAt;
  const tokens = meta.usage?.completion_tokens ?? reply.deltaCount;
  const others = choices.others.map(choiceReply);
  return {
    ...choiceReply(reply),
    ...(others.length ? { others } : {}),
    deltaCount: reply.deltaCount,
    ...meta,
    error,
    timings: {
      startedAt,
      firstTokenMs: reply.firstTokenMs,
      firstReasoningMs: reply.firstReasoningMs,
      reasoningMs: reply.thinkingMs(totalMs),
      totalMs,
      tokensPerSecond: tokensPerSecond(tokens, reply.firstTokenMs, totalMs),
    },
  };
}

/** Non-streamed chat, read like a stream's whole-completion answer: choices, refusal, parts, tool calls. */
export async function completeChat(
  client: GatewayClient,
  target: GatewayTarget,
  request: ChatRequest,
  opts: CallOptions = {},
): Promise<ChoiceReply & { others?: ChoiceReply[]; usage?: ChatUsage; raw: string }> {
  const { extra, ...fields } = request;
  const { body, raw } = await client.json(
    target,
    { method: 'POST', url: apiUrl(target, 'chat/completions'), json: mergeExtraBody('chat', fields, extra) },
    { maxBytes: REPLY_CAPS.chat, ...opts },
  );
  const o = asRecord(body);
  const usage = usageFrom(o?.usage);
  const choices = new ReplyChoices(() => 0, { onDelta: () => {} });
  choices.read(o?.choices);
  choices.end();
  if (!choices.first.said && typeof o?.output_text === 'string') {
    return { text: o.output_text, reasoning: '', usage, raw };
  }
  if (!choices.first.said)
    throw new GatewayError('bad_response', 'The reply has no message text.', 200, raw.slice(0, 300));
  const others = choices.others.map(choiceReply);
  return { ...choiceReply(choices.first), ...(others.length ? { others } : {}), usage, raw };
}
