import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { envelopeError, htmlError } from './body-errors';
import type { ChatUsage } from './chat-api';
import { errorBody, errorEnvelope } from './error-envelope';
import type { OpenResponse } from './gateway-client';
import { GatewayError, gatewayMessageFrom } from './gateway-error';
import { NOT_JSON } from './log-stream-assembler';
import { asRecord } from './reply-collector';
import type { ReplyChoices } from './reply-choices';
import { REPLY_CAPS, SSE_EVENT_CAP } from './reply-caps';
import { MAX_MESSAGE_CHARS } from '../../../src-shared/chat/conversation';

type Meta = { model?: string; usage?: ChatUsage };

/** A reply over the longest message Gatehouse keeps: stopped there, what arrived kept. */
export function replyTooLong(): GatewayError {
  return new GatewayError(
    'bad_response',
    `The reply passed ${MAX_MESSAGE_CHARS.toLocaleString('en')} characters, the most Gatehouse keeps of one message; it was stopped there and the text up to it is kept.`,
    undefined,
    undefined,
    undefined,
    { limitChars: MAX_MESSAGE_CHARS },
  );
}

/** The decoder's option for every chunk: one object, not one a chunk. */
const STREAMING = { stream: true };

/** Kept of a body that may turn out not to be a stream, to read it whole. */
const WHOLE_BODY_LIMIT = 1_000_000;

function readMeta(
  body: Record<string, unknown>,
  meta: Meta,
  usageFrom: (v: unknown) => ChatUsage | undefined,
) {
  if (typeof body.model === 'string') meta.model = body.model;
  meta.usage = usageFrom(body.usage) ?? meta.usage;
}

/**
 * Reads the answer to a `stream: true` request into `reply`; returns the failure, if any. Gateways
 * in the field do not always stream: some answer with one plain JSON completion, some with an
 * error envelope or an HTML page under HTTP 200, some send an SSE `event: error` frame.
 */
export async function readReply(
  open: OpenResponse,
  choices: ReplyChoices,
  meta: Meta,
  usageFrom: (v: unknown) => ChatUsage | undefined,
  idleTimeoutMs?: number,
): Promise<GatewayError | undefined> {
  const reply = choices.first;
  const type = open.response.headers.get('content-type')?.toLowerCase() ?? '';
  const decoder = new TextDecoder();
  let failure: GatewayError | undefined;
  let sawDone = false;
  let sawEvent = false;
  let whole = '';
  const streaming = !/json|html/.test(type);
  // The request log assembles the same events: it gets each with its parse from here.
  const logEvent = streaming ? open.ticket.takeEvents() : undefined;

  const onEvent = (event: EventSourceMessage) => {
    if (failure || sawDone) {
      logEvent?.(event);
      return;
    }
    sawEvent = true;
    if (event.data.trim() === '[DONE]') {
      sawDone = true;
      logEvent?.(event);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(event.data);
    } catch {
      logEvent?.(event, NOT_JSON);
      failure =
        event.event === 'error'
          ? envelopeError({ message: event.data.trim() || 'The gateway sent an error event.' })
          : new GatewayError(
              'bad_response',
              'The stream carried a chunk that is not valid JSON.',
              200,
              event.data.slice(0, 200),
            );
      return;
    }
    logEvent?.(event, parsed);
    const chunk = asRecord(parsed);
    // A frame that is not a chunk (no choices) may be an error in any shape an error body takes.
    const envelope = errorEnvelope(parsed) ?? (Array.isArray(chunk?.choices) ? undefined : errorBody(parsed));
    if (envelope || event.event === 'error') {
      const err = envelopeError(envelope ?? { message: gatewayMessageFrom(event.data) ?? 'error event' });
      // An unclear error after part of the reply is a failure of this stream, not of the request.
      failure =
        err.code === 'bad_response' && (reply.text || reply.reasoning)
          ? new GatewayError(
              'stream_error',
              `The gateway reported an error mid-stream: ${err.gatewayMessage}`,
              undefined,
              err.gatewayMessage,
            )
          : err;
      return;
    }
    if (!chunk) return;
    readMeta(chunk, meta, usageFrom);
    choices.read(chunk.choices);
  };
  const parser = createParser({ onEvent });

  // The bytes are counted before the parser (or the log's) buffers them: the parser keeps an
  // unfinished line whole, so one endless `data:` line would otherwise fill memory.
  const limits = { maxBytes: REPLY_CAPS.chatStream, maxEventBytes: streaming ? SSE_EVENT_CAP : undefined };
  try {
    for await (const bytes of open.chunks(idleTimeoutMs, limits)) {
      const text = decoder.decode(bytes, STREAMING);
      if (streaming) parser.feed(text);
      if (!sawEvent && whole.length < WHOLE_BODY_LIMIT) whole += text;
      if (failure) return failure;
      if (reply.text.length > MAX_MESSAGE_CHARS || reply.reasoning.length > MAX_MESSAGE_CHARS) {
        // Leaving the loop cancels the body: the gateway stops sending, and is not paid for more.
        return replyTooLong();
      }
    }
    const rest = decoder.decode();
    if (streaming) parser.feed(rest);
    if (!sawEvent) whole += rest;
  } catch (err) {
    const cut = err instanceof GatewayError && err.code === 'network';
    // The gateway was reached and sent headers: a connection that closes now cut the reply.
    if (!cut) throw err;
    return new GatewayError('stream_error', 'The connection closed before the reply was finished.');
  }
  if (failure) return failure;
  if (!sawEvent) return readWhole(whole, type, choices, meta, usageFrom);
  if (!sawDone && !reply.finishReason) {
    return new GatewayError('stream_error', 'The stream ended before the reply was finished.');
  }
  return undefined;
}

/** A body that was not a stream: a whole completion, an error envelope, or a web page. */
function readWhole(
  raw: string,
  type: string,
  choices: ReplyChoices,
  meta: Meta,
  usageFrom: (v: unknown) => ChatUsage | undefined,
): GatewayError | undefined {
  const text = raw.trim();
  if (type.includes('html') || text.startsWith('<')) return htmlError(text);
  let body: Record<string, unknown> | undefined;
  try {
    body = asRecord(JSON.parse(text));
  } catch {
    return new GatewayError(
      'bad_response',
      text
        ? 'The gateway sent a reply that is neither a stream nor JSON.'
        : 'The gateway sent an empty reply.',
      200,
      text.slice(0, 300) || undefined,
    );
  }
  const envelope = errorEnvelope(body);
  if (envelope) return envelopeError(envelope);
  if (body) readMeta(body, meta, usageFrom);
  choices.read(body?.choices);
  choices.end();
  if (!choices.first.said) {
    return new GatewayError('bad_response', 'The reply has no message text.', 200, text.slice(0, 300));
  }
  return undefined;
}
