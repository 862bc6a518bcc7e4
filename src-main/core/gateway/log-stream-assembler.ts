import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LOG_REASONING_KEEP, LOG_REPLY_KEEP, type LogStreamReply } from '../../../src-shared/log/log-entry';
import { usageFrom } from './chat-api';
import { errorEnvelope } from './error-envelope';
import { SSE_EVENT_CAP } from './reply-caps';
import { asRecord } from './reply-collector';

/**
 * Puts a streamed chat reply back together for the request log, from the bytes the log already
 * sees, so every streamed call is summarised whoever made it. It keeps only the first
 * LOG_REPLY_KEEP / LOG_REASONING_KEEP characters (main keeps hundreds of entries) and counts
 * the rest. Content is joined as the gateway sent it: `<think>` tags inside it stay in the text,
 * since the log shows the wire, not the chat's reading of it.
 */
export class LogStreamAssembler {
  private text = '';
  private textChars = 0;
  private reasoning = '';
  private reasoningChars = 0;
  private finishReason?: string;
  private usage?: LogStreamReply['usage'];
  private events = 0;
  private sawDone = false;
  private readonly decoder = new TextDecoder();
  /** The parser ran past SSE_EVENT_CAP: the rest of the body is counted, no longer parsed. */
  private overflowed = false;
  // The reader of the reply caps each event before its bytes get here (stream-budget.ts); this
  // wall keeps the log's own copy bounded whoever feeds it.
  private readonly parser = createParser({
    onEvent: (e) => this.read(e),
    maxBufferSize: SSE_EVENT_CAP,
    onError: () => {
      this.overflowed = true;
    },
  });
  /** The gateway's words when an event carried an error instead of a chunk. */
  errorMessage?: string;

  feed(bytes: Uint8Array): void {
    if (this.overflowed) return;
    this.parser.feed(this.decoder.decode(bytes, { stream: true }));
  }

  /** The stream ended whole: `[DONE]` came, or a finish reason did (some gateways send no `[DONE]`). */
  get complete(): boolean {
    return this.sawDone || this.finishReason !== undefined;
  }

  get eventCount(): number {
    return this.events;
  }

  /** What arrived so far, each text passed through `scrub` (a key may be spelled over many deltas). */
  summary(scrub: (text: string) => string = (t) => t): LogStreamReply {
    const rest = this.decoder.decode();
    if (rest && !this.overflowed) this.parser.feed(rest);
    return {
      text: scrub(this.text),
      textChars: this.textChars,
      reasoning: scrub(this.reasoning),
      reasoningChars: this.reasoningChars,
      finishReason: this.finishReason,
      usage: this.usage,
      events: this.events,
      sawDone: this.sawDone,
    };
  }

  private read(event: EventSourceMessage): void {
    this.events++;
    if (event.data.trim() === '[DONE]') {
      this.sawDone = true;
      return;
    }
    let chunk: Record<string, unknown> | undefined;
    try {
      chunk = asRecord(JSON.parse(event.data));
    } catch {
      if (event.event === 'error') this.errorMessage = event.data.trim().slice(0, 500);
      return;
    }
    if (!chunk) return;
    const envelope = errorEnvelope(chunk);
    if (envelope) {
      this.errorMessage = envelope.message.slice(0, 500);
      return;
    }
    this.usage = usageFrom(chunk.usage) ?? this.usage;
    const choice = asRecord(Array.isArray(chunk.choices) ? chunk.choices[0] : undefined);
    if (!choice) return;
    const delta = asRecord(choice.delta) ?? asRecord(choice.message);
    // A gateway that sends both fields carries the same text twice: the DeepSeek one wins.
    const reasoning = str(delta?.reasoning_content) || str(delta?.reasoning);
    if (reasoning) {
      this.reasoningChars += reasoning.length;
      if (this.reasoning.length < LOG_REASONING_KEEP)
        this.reasoning = (this.reasoning + reasoning).slice(0, LOG_REASONING_KEEP);
    }
    const content = str(delta?.content) || str(choice.text);
    if (content) {
      this.textChars += content.length;
      if (this.text.length < LOG_REPLY_KEEP) this.text = (this.text + content).slice(0, LOG_REPLY_KEEP);
    }
    if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason;
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
