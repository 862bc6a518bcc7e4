import { createParser } from 'eventsource-parser';
import { abortedError, type CallOptions, type GatewayClient } from './gateway-client';
import { GatewayError } from './gateway-error';
import { apiUrl, type GatewayTarget } from './gateway-urls';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatParams {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
}

export interface ChatRequest extends ChatParams {
  model: string;
  messages: ChatMessage[];
}

export interface ChatUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

export interface ChatTimings {
  startedAt: number;
  /** ms from start to the first content token. */
  firstTokenMs?: number;
  /** ms from start to the end of the stream. */
  totalMs: number;
  tokensPerSecond?: number;
}

/** A stream never throws: a failure still hands back the text that arrived before it. */
export interface ChatOutcome {
  text: string;
  usage?: ChatUsage;
  finishReason?: string;
  model?: string;
  timings: ChatTimings;
  /** Number of content deltas received; stands in for tokens when usage is missing. */
  deltaCount: number;
  error?: GatewayError;
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function usageFrom(v: unknown): ChatUsage | undefined {
  const u = asRecord(v);
  if (!u) return undefined;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  const usage: ChatUsage = {
    prompt_tokens: num(u.prompt_tokens) ?? num(u.input_tokens),
    completion_tokens: num(u.completion_tokens) ?? num(u.output_tokens),
    total_tokens: num(u.total_tokens),
  };
  return Object.values(usage).some((x) => x !== undefined) ? usage : undefined;
}

function tokensPerSecond(
  outcome: Omit<ChatOutcome, 'timings'>,
  firstTokenMs: number | undefined,
  totalMs: number,
) {
  const tokens = outcome.usage?.completion_tokens ?? outcome.deltaCount;
  if (firstTokenMs === undefined || tokens < 2) return undefined;
  const seconds = (totalMs - firstTokenMs) / 1000;
  return seconds > 0 ? (tokens - 1) / seconds : undefined;
}

export async function streamChat(
  client: GatewayClient,
  target: GatewayTarget,
  request: ChatRequest,
  onDelta: (text: string) => void,
  opts: CallOptions & { now?: () => number } = {},
): Promise<ChatOutcome> {
  const now = opts.now ?? Date.now;
  const startedAt = now();
  const state: Omit<ChatOutcome, 'timings'> = { text: '', deltaCount: 0 };
  let firstTokenMs: number | undefined;
  let sawDone = false;
  let streamError: GatewayError | undefined;

  const parser = createParser({
    onEvent(event) {
      if (streamError || sawDone) return;
      if (event.data.trim() === '[DONE]') {
        sawDone = true;
        return;
      }
      let chunk: Record<string, unknown> | undefined;
      try {
        chunk = asRecord(JSON.parse(event.data));
      } catch {
        streamError = new GatewayError(
          'bad_response',
          'The stream carried a chunk that is not valid JSON.',
          200,
          event.data.slice(0, 200),
        );
        return;
      }
      if (!chunk) return;
      if (chunk.error !== undefined) {
        const err = asRecord(chunk.error);
        const message = typeof err?.message === 'string' ? err.message : String(chunk.error);
        streamError = new GatewayError(
          'stream_error',
          `The gateway reported an error mid-stream: ${message}`,
          undefined,
          message,
        );
        return;
      }
      if (typeof chunk.model === 'string') state.model = chunk.model;
      state.usage = usageFrom(chunk.usage) ?? state.usage;
      const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
      const choice = asRecord(choices[0]);
      if (!choice) return;
      const delta = asRecord(choice.delta);
      const content =
        typeof delta?.content === 'string'
          ? delta.content
          : typeof choice.text === 'string'
            ? choice.text
            : '';
      if (content) {
        if (firstTokenMs === undefined) firstTokenMs = now() - startedAt;
        state.text += content;
        state.deltaCount++;
        onDelta(content);
      }
      if (typeof choice.finish_reason === 'string') state.finishReason = choice.finish_reason;
    },
  });

  try {
    const open = await client.open(
      target,
      {
        method: 'POST',
        url: apiUrl(target, 'chat/completions'),
        json: { ...request, stream: true, stream_options: { include_usage: true } },
        accept: 'text/event-stream',
      },
      opts,
    );
    // A streaming TextDecoder keeps a multi-byte character that is split across chunks whole.
    const decoder = new TextDecoder();
    for await (const bytes of open.chunks()) {
      parser.feed(decoder.decode(bytes, { stream: true }));
      if (streamError) break;
    }
    parser.feed(decoder.decode());
    if (!streamError && !sawDone && !state.finishReason) {
      streamError = new GatewayError('network', 'The stream ended before the reply was finished.');
    }
  } catch (err) {
    streamError = err instanceof GatewayError ? err : new GatewayError('network', String(err));
  }
  if (opts.signal?.aborted) streamError = abortedError();
  const totalMs = now() - startedAt;
  return {
    ...state,
    error: streamError,
    timings: {
      startedAt,
      firstTokenMs,
      totalMs,
      tokensPerSecond: tokensPerSecond(state, firstTokenMs, totalMs),
    },
  };
}

/** Non-streamed chat; the reply text is read from the shapes OpenAI-compatible servers use. */
export async function completeChat(
  client: GatewayClient,
  target: GatewayTarget,
  request: ChatRequest,
  opts: CallOptions = {},
): Promise<{ text: string; usage?: ChatUsage; raw: string }> {
  const { body, raw } = await client.json(
    target,
    { method: 'POST', url: apiUrl(target, 'chat/completions'), json: request },
    opts,
  );
  const o = asRecord(body);
  const choice = asRecord(Array.isArray(o?.choices) ? o.choices[0] : undefined);
  const message = asRecord(choice?.message);
  const text =
    typeof message?.content === 'string'
      ? message.content
      : typeof choice?.text === 'string'
        ? choice.text
        : typeof o?.output_text === 'string'
          ? o.output_text
          : undefined;
  if (text === undefined)
    throw new GatewayError('bad_response', 'The reply has no message text.', 200, raw.slice(0, 300));
  return { text, usage: usageFrom(o?.usage), raw };
}
